import type { TAiJob } from '@layerline/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../notifications/notifications.fakes';
import { createJob } from './ai.fakes';
import { JobWatch } from './job-watch';

afterEach(() => vi.useRealTimers());

function watchWith(
  createEventSource: ((url: string) => FakeEventSource) | null,
  fetchJob = vi.fn(),
) {
  const seen: TAiJob[] = [];
  const watch = new JobWatch({
    jobId: 7,
    getToken: () => 'access-1',
    getTicket: () => Promise.resolve('ticket-1'),
    getLocale: () => 'zh',
    streamUrl: (id, ticket, locale) =>
      `/api/v1/ai/jobs/${id}/events?ticket=${ticket}&locale=${locale}`,
    createEventSource,
    fetchJob,
    onJob: (job) => seen.push(job),
    pollMs: 1000,
  });
  return { watch, seen, fetchJob };
}

describe('job progress live from the server (SPEC 4)', () => {
  it('follows the stream opened with a ticket and the language, and stops at the end', async () => {
    let source: FakeEventSource | null = null;
    const { watch, seen } = watchWith((url) => {
      source = new FakeEventSource(url);
      return source;
    });
    watch.start();
    await Promise.resolve();
    const stream = source as unknown as FakeEventSource;
    expect(stream.url).toBe('/api/v1/ai/jobs/7/events?ticket=ticket-1&locale=zh');
    stream.send(createJob({ stage: 'generating_mesh', percent: 40 }));
    stream.send(createJob({ stage: 'generating_mesh', percent: 40 }));
    stream.send(createJob({ id: 8, percent: 90 }));
    stream.send(
      createJob({
        state: 'succeeded',
        stage: 'completed',
        percent: 100,
        resultFiles: ['/files/x.stl'],
      }),
    );
    expect(seen.map((job) => job.percent)).toEqual([40, 100]);
    expect(stream.isClosed).toBe(true);
  });

  it('polls when the stream fails, until the job ends', async () => {
    vi.useFakeTimers();
    let source: FakeEventSource | null = null;
    const fetchJob = vi
      .fn()
      .mockResolvedValueOnce(createJob({ percent: 50 }))
      .mockResolvedValueOnce(createJob({ state: 'cancelled', percent: 50 }));
    const { watch, seen } = watchWith((url) => {
      source = new FakeEventSource(url);
      return source;
    }, fetchJob);
    watch.start();
    await vi.advanceTimersByTimeAsync(0);
    (source as unknown as FakeEventSource).fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)?.percent).toBe(50);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.at(-1)?.state).toBe('cancelled');
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchJob).toHaveBeenCalledTimes(2);
  });

  it('polls at once without EventSource', async () => {
    vi.useFakeTimers();
    const fetchJob = vi
      .fn()
      .mockResolvedValue(createJob({ state: 'failed', errorMessage: '生成失败' }));
    const { watch, seen } = watchWith(null, fetchJob);
    watch.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen[0]?.errorMessage).toBe('生成失败');
  });
});
