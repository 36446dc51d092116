import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, configureApiClient, isCancel } from './index';
import { createFakeFetch, envelope } from './test-fakes';

afterEach(() => {
  vi.useRealTimers();
});

describe('default client', () => {
  it('uses what configureApiClient passes, through the shared apiClient', async () => {
    vi.useFakeTimers();
    const network = createFakeFetch(() => envelope('hello'));
    const notify = vi.fn();
    configureApiClient({
      baseUrl: 'https://api.example.test',
      fetch: network.fetch,
      getLocale: () => 'zh',
      getToken: () => 'tok',
      notify,
    });
    expect((await apiClient.get<string>('/api/v1/banner/list')).data).toBe('hello');
    expect(network.calls).toHaveLength(1);
    expect(network.calls[0]?.url).toBe('https://api.example.test/api/v1/banner/list');
    expect(network.calls[0]?.headers.get('Content-Language')).toBe('zh');
    expect(network.calls[0]?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('falls back to its own catalogs for messages', async () => {
    const notify = vi.fn();
    configureApiClient({
      fetch: createFakeFetch(() => new Response('', { status: 418 })).fetch,
      getLocale: () => 'en',
      notify,
    });
    const error: unknown = await apiClient.post('/api/v1/x', {}).catch((caught: unknown) => caught);
    expect(isCancel(error)).toBe(false);
    expect(notify).toHaveBeenCalledWith('error', 'System interface 418 exception');
  });
});

describe('SPEC 7 performance endpoint', () => {
  it('is never called: no client source names /api/performance', () => {
    const sources = import.meta.glob<string>(['./*.ts', '!./*.test.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(5);
    for (const [file, text] of Object.entries(sources)) {
      expect(text.includes('/api/performance'), file).toBe(false);
    }
  });
});
