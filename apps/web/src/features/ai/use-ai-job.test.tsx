import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { FakeEventSource } from '../notifications/notifications.fakes';
import { createJob } from './ai.fakes';
import { FRESH_ADDRESSES_MS } from './job-state';
import { ESTIMATE_TICK_MS, useAiJob } from './use-ai-job';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  FakeEventSource.install();
  logInAs();
  vi.useFakeTimers({
    toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
  });
});
afterEach(() => vi.useRealTimers());

const removal = (overrides: Parameters<typeof createJob>[0]) =>
  createJob({ kind: 'remove_background', engine: 'local:isnet', ...overrides });
/** A provider's picture: it reports stage boundaries only (10, 90, 97). */
const picture = (overrides: Parameters<typeof createJob>[0]) =>
  createJob({ kind: 'text_to_image', engine: 'comfyui', ...overrides });

/** Until the `count`th stream is open: its ticket is asked through the API client first (ADR 0074). */
async function streamOpened(count = 1) {
  for (let turn = 0; turn < 50 && FakeEventSource.instances.length < count; turn++) {
    await act(() => vi.advanceTimersByTimeAsync(10));
  }
  return FakeEventSource.latest();
}

describe('useAiJob: the bar of the job shown (SPEC 4 progress)', () => {
  it('starts each job at 0, even after the one before ended at 100', async () => {
    const { result, rerender } = renderHook(({ id }) => useAiJob(id), {
      wrapper,
      initialProps: { id: 1 as number | null },
    });
    const first = await streamOpened(1);
    act(() => first.send(removal({ id: 1, state: 'succeeded', percent: 100 })));
    expect(result.current.percent).toBe(100);

    rerender({ id: 2 });
    expect(result.current.percent).toBe(0);
    const second = await streamOpened(2);
    act(() => second.send(removal({ id: 2, state: 'queued', stage: null, percent: 0 })));
    expect(result.current.percent).toBe(0);
  });

  it('moves at least every 2 s while a provider works without reporting, and never back', async () => {
    const { result } = renderHook(() => useAiJob(3), { wrapper });
    await streamOpened();
    act(() =>
      FakeEventSource.latest().send(
        picture({ id: 3, state: 'running', stage: 'loading_components', percent: 10 }),
      ),
    );
    let previous = result.current.percent;
    expect(previous).toBe(10);
    // 40 s of generating with no report.
    for (let second = 2; second <= 40; second += 2) {
      act(() => vi.advanceTimersByTime(2000));
      expect(result.current.percent).toBeGreaterThan(previous);
      expect(result.current.percent).toBeLessThan(90);
      previous = result.current.percent;
    }
    // The provider's own report: the bar keeps what it showed when it was further along.
    act(() =>
      FakeEventSource.latest().send(
        picture({ id: 3, state: 'running', stage: 'generating_mesh', percent: 50 }),
      ),
    );
    expect(result.current.percent).toBe(previous);
    act(() => vi.advanceTimersByTime(ESTIMATE_TICK_MS * 4));
    expect(result.current.percent).toBeGreaterThanOrEqual(previous);
    expect(result.current.percent).toBeLessThan(90);
    act(() => FakeEventSource.latest().send(picture({ id: 3, state: 'succeeded', percent: 100 })));
    expect(result.current.percent).toBe(100);
  });

  it('shows a local engine’s percent as the server paces it, adding no estimate of its own', async () => {
    const { result } = renderHook(() => useAiJob(4), { wrapper });
    await streamOpened();
    act(() =>
      FakeEventSource.latest().send(
        removal({ id: 4, state: 'running', stage: 'generating_mesh', percent: 10 }),
      ),
    );
    // The server publishes its estimate from recent run times (engines/progress-pace.ts);
    // between two of its updates the bar stays where the server put it.
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.percent).toBe(10);
    act(() =>
      FakeEventSource.latest().send(
        removal({ id: 4, state: 'running', stage: 'generating_mesh', percent: 23 }),
      ),
    );
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.percent).toBe(23);
  });
});

describe('useAiJob: the signed addresses of a finished job (ADR 0051)', () => {
  it('reads the job again before its addresses expire', async () => {
    const signed = (sig: string) => `/files/private/ab/ab12.stl?expires=1&sig=${sig}`;
    const network = fakeNetwork();
    network.on('GET', '/api/v1/ai/jobs/7', () =>
      envelopeReply(removal({ id: 7, state: 'succeeded', resultFiles: [signed('fresh')] })),
    );
    const { result } = renderHook(() => useAiJob(7), { wrapper });
    await streamOpened();
    act(() =>
      FakeEventSource.latest().send(
        removal({ id: 7, state: 'succeeded', percent: 100, resultFiles: [signed('first')] }),
      ),
    );
    expect(result.current.job?.resultFiles).toEqual([signed('first')]);
    await act(() => vi.advanceTimersByTimeAsync(FRESH_ADDRESSES_MS));
    for (
      let turn = 0;
      turn < 20 && result.current.job?.resultFiles[0] !== signed('fresh');
      turn++
    ) {
      await act(() => vi.advanceTimersByTimeAsync(10));
    }
    expect(result.current.job?.resultFiles).toEqual([signed('fresh')]);
  });
});
