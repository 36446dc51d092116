import type { TInfra, TModule } from '../../compose/module';
import type { StreamAuthenticator } from '../../kernel/request-auth';
import type { TFilesModule } from '../files';
import type { TModerationModule } from '../moderation';
import { aiRoutes } from './ai.routes';
import { createAiEngines } from './ai-engines';
import type { TAiEngineRegistry } from './ai-engines.registry';
import { aiFileUrls } from './ai-file-urls';
import { aiJobPublisher } from './ai-job-events';
import { AiJobQueue } from './ai-jobs.queue';
import { AiJobsService } from './ai-jobs.service';

export type TAiNeeds = {
  /** Its filter checks every prompt. */
  moderation: Pick<TModerationModule, 'words'>;
  /** Its signer hands the owner signed addresses of their AI files (ADR 0009, 0051). */
  files: Pick<TFilesModule, 'signer'>;
  /** Its tokens tell who opens a job's live stream. */
  auth: { tokens: StreamAuthenticator };
  /** The process's engine registry (createAiEngines from config when absent). */
  registry?: TAiEngineRegistry;
  /** Wakes this process's idle AI workers when a job is queued. */
  onQueued?: () => void;
  /** How often open job streams re-read their jobs (AI_STREAM_POLL_MS when absent). */
  streamPollMs?: number;
};

export type TAiModule = TModule<{
  /** The AI job queue (ADR 0012); main.ts's in-process workers run jobs from it. */
  queue: AiJobQueue;
}>;

/** AI jobs (ADR 0012, 0048): queued here; workers (main.ts, npm run worker) run them. */
export function aiModule(
  infra: Pick<TInfra, 'config' | 'db' | 'clock' | 'storage' | 'events' | 'log'>,
  needs: TAiNeeds,
): TAiModule {
  const { config, db, events, log } = infra;
  const registry = needs.registry ?? createAiEngines(config).registry;
  const queue = new AiJobQueue(db, registry, infra.clock, {
    allowance: { amount: config.points.dailyAllowance, timeZone: config.points.timeZone },
    // SPEC 4 progress: every change of a job reaches its live streams on every instance.
    onChange: aiJobPublisher(events, log),
  });
  const service = new AiJobsService({
    db,
    queue,
    registry,
    words: needs.moderation.words,
    storage: infra.storage,
    urls: aiFileUrls(needs.files.signer, infra.storage),
    onQueued: needs.onQueued,
    log,
  });
  return {
    queue,
    plugin: async (api) => {
      await api.register(aiRoutes, {
        service,
        events,
        authenticator: needs.auth.tokens,
        pollMs: needs.streamPollMs,
        heartbeatMs: config.liveHeartbeatMs,
      });
    },
  };
}
