import { describe, expect, it } from 'vitest';
import { LocalLiveEvents, parseSignal, type TAiJobSignal, type TNotifySignal } from './live-events';

describe('live events (DESIGN 2): typed topics', () => {
  it('delivers a signal to the listeners of its own topic only', async () => {
    const events = new LocalLiveEvents();
    const notify: TNotifySignal[] = [];
    const jobs: TAiJobSignal[] = [];
    events.subscribe('notify', (signal) => notify.push(signal));
    const stop = events.subscribe('aiJob', (signal) => jobs.push(signal));
    const job: TAiJobSignal = {
      jobId: 7,
      userId: 3,
      state: 'running',
      stage: 'saving',
      percent: 90,
    };
    await events.publish('aiJob', job);
    await events.publish('notify', { userIds: [3], kind: 'liked' });
    expect(jobs).toEqual([job]);
    expect(notify).toEqual([{ userIds: [3], kind: 'liked' }]);
    stop();
    await events.publish('aiJob', job);
    expect(jobs).toHaveLength(1);
    await events.close();
  });

  it('checks what arrives over the wire against the topic', () => {
    expect(parseSignal('notify', '{"userIds":"all"}')).toEqual({ userIds: 'all', kind: null });
    expect(parseSignal('notify', '{"userIds":[1.5]}')).toBeUndefined();
    expect(
      parseSignal(
        'aiJob',
        '{"jobId":1,"userId":2,"state":"succeeded","stage":"completed","percent":100}',
      ),
    ).toMatchObject({ jobId: 1, state: 'succeeded' });
    expect(
      parseSignal('aiJob', '{"jobId":1,"userId":2,"state":"exploded","stage":null,"percent":0}'),
    ).toBeUndefined();
    expect(parseSignal('aiJob', 'not json')).toBeUndefined();
  });
});
