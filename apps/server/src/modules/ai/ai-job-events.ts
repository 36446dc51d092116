import type { TAiStage } from '@layerline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvents } from '../../lib/live-events';
import type { TAiJobRow } from './ai-jobs.queue';

/**
 * The queue's `onChange` that tells every instance a job changed (the
 * `aiJob` live topic), so whichever holds a stream of it sends the news.
 */
export function aiJobPublisher(
  events: LiveEvents,
  log: Pick<FastifyBaseLogger, 'warn'>,
): (job: TAiJobRow) => void {
  return (job) => {
    events
      .publish('aiJob', {
        jobId: job.id,
        userId: job.userId,
        state: job.state,
        stage: job.stage as TAiStage | null,
        percent: job.percent,
      })
      .catch((error: unknown) => log.warn({ err: error }, 'AI job change not published'));
  };
}
