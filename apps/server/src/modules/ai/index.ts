/** The ai module's public face (ADR 0047): what other modules and the composition may use. */

export { aiModule, type TAiModule } from './ai.plugin';
export { createAiEngines, type TAiEngines } from './ai-engines';
export type { TAiEngineRegistry } from './ai-engines.registry';
export { aiJobPublisher } from './ai-job-events';
export { AiJobQueue } from './ai-jobs.queue';
export { AiWorker, aiWorkerOptions, startAiWorkers } from './ai-worker';
