import type { TAiJobKind } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { declaredDpi } from '../../kernel/image-density';
import { type FileRecords, type FileStorage, fileRecords } from '../files';
import { AiEngineError, type TAiFailureReason } from './ai-engine';
import type { TAiEngineRegistry } from './ai-engines.registry';
import type { AiJobQueue, TAiJobRow } from './ai-jobs.queue';
import { ProgressWrites } from './ai-progress-writes';

export type TAiRunnerOptions = {
  workerId: string;
  /** How often a running job renews its lease and looks for a cancel request. */
  heartbeatMs: number;
  /** A job running longer than this is aborted and ends with SPEC 8's timeout. */
  jobTimeoutMs: number;
};

/**
 * Runs claimed jobs (ADR 0012). The engine does its heavy work in a worker
 * thread or a provider's process; this side only renews the lease, records
 * progress, and aborts the engine's signal on cancel or timeout (which
 * terminates a local engine's thread). Every change it makes goes through
 * the queue, which passes it on to live streams (SPEC 4 progress).
 */
export class AiJobRunner {
  private readonly files: FileRecords;
  /** Set by handBack(): the process shuts down, so jobs go back to the queue (ADR 0054). */
  private isHandingBack = false;
  /** The running job's abort controller, if one runs. */
  private current: AbortController | undefined;

  constructor(
    db: TDatabase,
    private readonly queue: AiJobQueue,
    private readonly registry: TAiEngineRegistry,
    private readonly storage: FileStorage,
    private readonly options: TAiRunnerOptions,
  ) {
    this.files = fileRecords(db);
  }

  /**
   * The process shuts down (ADR 0054): the running job's engine is aborted
   * and the job handed back to the queue, as is a job claimed from now on,
   * so another worker takes it at once instead of after the lease.
   */
  handBack(): void {
    this.isHandingBack = true;
    this.current?.abort(new Error('handed back: the worker shuts down'));
  }

  /** Claims and runs one job; false when the queue was empty. */
  async runOne(): Promise<boolean> {
    const job = await this.queue.claim(this.options.workerId);
    if (!job) return false;
    await this.run(job);
    return true;
  }

  private async run(job: TAiJobRow): Promise<void> {
    const { workerId } = this.options;
    // Routed by its params as at creation (image-to-image: a local style or a provider's).
    const engine =
      this.registry.engineNamed(job.engine) ??
      this.registry.engineFor(job.kind as TAiJobKind, job.params);
    if (!engine) {
      await this.queue.finishWithoutResult(
        job.id,
        { state: 'failed', reason: 'failed', message: `no engine for ${job.kind}` },
        { workerId, states: ['running'] },
      );
      return;
    }
    if (this.isHandingBack) {
      await this.queue.handBack(job.id, workerId);
      return;
    }
    const controller = new AbortController();
    this.current = controller;
    let cancelled = false;
    let timedOut = false;
    // Progress is stored (and published) in order, at most a write per 500 ms.
    const progress = new ProgressWrites((p) => this.queue.reportProgress(job.id, workerId, p));
    const timeout = setTimeout(() => {
      timedOut = true;
      controller.abort(new AiEngineError('timeout'));
    }, this.options.jobTimeoutMs);
    const beat = setInterval(() => {
      this.queue.heartbeat(job.id, workerId).then(
        (goesOn) => {
          if (goesOn) return;
          cancelled = true;
          controller.abort(new Error('cancelled'));
        },
        () => {},
      );
    }, this.options.heartbeatMs);
    try {
      const result = await engine.run(job.params, {
        signal: controller.signal,
        progress: (stage, percent) => progress.report({ stage, percent }),
        readFile: async (url) => {
          const key = this.storage.keyFromUrl(url);
          if (!key) throw new AiEngineError('uploadFailed', 'not a stored file');
          return this.storage.read(key);
        },
        fileDpi: (url) => this.files.dpiOf(url),
      });
      if (controller.signal.aborted) throw controller.signal.reason;
      const stored = [];
      for (const file of result.files) {
        // The owner's alone until a work takes a copy (ADR 0051).
        const put = await this.storage.put(file.data, {
          filename: file.filename,
          mime: file.mime,
          ownerOnly: true,
          // Hashed in the engine's thread when it came from one (ADR 0057).
          ...(file.sha256 ? { sha256: file.sha256 } : {}),
        });
        // A picture result that declares its DPI keeps it as a source for the
        // next tool (an erased scan vectorised at its real size, DESIGN 5).
        stored.push({ ...put, dpi: declaredDpi(file.data) ?? null });
      }
      const now = new Date();
      await this.files.record(
        stored.map((s) => ({
          userId: job.userId,
          sha256: s.sha256,
          url: s.url,
          filename: s.filename,
          size: s.size,
          mime: s.mime,
          kind: 'ai' as const,
          dpi: s.dpi,
          createdAt: now,
        })),
      );
      // The last progress write lands before the result, never after it.
      await progress.settle();
      const done = await this.queue.succeed(job.id, workerId, {
        files: stored.map((s) => s.url),
        ...(result.text !== undefined ? { text: result.text } : {}),
        ...(result.promptAdded ? { promptAdded: result.promptAdded } : {}),
      });
      if (done) return;
      // Lost the lease or cancelled while storing: end it without a result, refunded.
      await this.queue.finishWithoutResult(
        job.id,
        { state: 'cancelled', reason: 'cancelled' },
        // Only this worker's run: another worker may hold the job after a lost lease.
        { workerId, states: ['running'] },
      );
    } catch (error) {
      if (this.isHandingBack && !timedOut && !cancelled) {
        await progress.settle();
        await this.queue.handBack(job.id, workerId);
        return;
      }
      const reason: TAiFailureReason = timedOut
        ? 'timeout'
        : error instanceof AiEngineError
          ? error.reason
          : 'failed';
      const outcome =
        cancelled || (await this.queue.isCancelRequested(job.id))
          ? { state: 'cancelled' as const, reason: 'cancelled' as const }
          : {
              state: 'failed' as const,
              reason,
              message: error instanceof Error ? error.message : String(error),
            };
      await progress.settle();
      await this.queue.finishWithoutResult(job.id, outcome, { workerId, states: ['running'] });
    } finally {
      this.current = undefined;
      clearTimeout(timeout);
      clearInterval(beat);
    }
  }
}
