import {
  Code,
  ERASE_MAX_MASK_PERCENT,
  isLocalImageStyle,
  message,
  type TAiJob,
  type TAiJobKind,
  type TAiJobsQuery,
  type TLocale,
  type TMessageKey,
  UPLOAD_RULES,
  ZCookieCutterParams,
  ZEraseParams,
  ZImageStyleParams,
  ZLaserImageParams,
  ZLithophaneParams,
  ZPromptOptimizeParams,
  ZRelief3dParams,
  ZRemoveBackgroundParams,
  ZTextToLogoParams,
  ZVectorizeParams,
} from '@layerline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { type FileRecords, type FileStorage, fileRecords } from '../files';
import type { SensitiveWordFilter } from '../moderation';
import { engineMessageKey } from './ai-engine';
import type { TAiEngineRegistry } from './ai-engines.registry';
import { AI_FILE_FIELDS, signedFiles, storedParams, type TAiFileUrls } from './ai-file-urls';
import { recordFields } from './ai-job-record';
import type { AiJobQueue, TAiJobRow } from './ai-jobs.queue';
import { AiResultFiles } from './ai-result-files';
import { ZImageTo3dParams, ZProviderImageParams } from './providers/provider-params';

/** The params schema of each kind (SPEC 5 AI input rules live in these). */
const PARAMS: Record<TAiJobKind, ZodType> = {
  text_to_image: ZProviderImageParams,
  // SPEC 5: image-to-image starts from an original image, checked before anything is charged.
  image_to_image: ZProviderImageParams.required({ imageUrl: true }),
  text_to_logo: ZTextToLogoParams,
  prompt_optimize: ZPromptOptimizeParams,
  remove_background: ZRemoveBackgroundParams,
  vectorize: ZVectorizeParams,
  erase: ZEraseParams,
  laser_image: ZLaserImageParams,
  image_to_3d: ZImageTo3dParams,
  relief_3d: ZRelief3dParams,
  lithophane: ZLithophaneParams,
  cookie_cutter: ZCookieCutterParams,
};

const TEXT_FIELDS = ['prompt', 'negativePrompt', 'style', 'text'] as const;

/** SPEC 8 AI messages for the way a job ended without a result. */
const ENDING_MESSAGE: Record<string, TMessageKey> = {
  timeout: 'aiTimeout',
  failed: 'aiFailed',
  tooManyRequests: 'tooManyRequests',
  badParameters: 'aiParameterError',
  sensitiveWords: 'aiSensitiveWords',
  uploadFailed: 'aiUploadFailed',
  cancelled: 'aiCancelled',
};

/**
 * The job as its owner reads it; with `urls`, its file addresses signed for
 * them (ADR 0051). Only answers to the owner are made here.
 */
export function toAiJob(row: TAiJobRow, locale: TLocale, urls?: Pick<TAiFileUrls, 'sign'>): TAiJob {
  const files = urls
    ? signedFiles(row, urls)
    : { params: row.params, resultFiles: row.resultFiles };
  return {
    id: row.id,
    kind: row.kind as TAiJobKind,
    state: row.state,
    params: files.params,
    ...recordFields(row, locale),
    engine: row.engine,
    stage: row.stage as TAiJob['stage'],
    percent: row.percent,
    cost: row.cost,
    resultFiles: files.resultFiles,
    resultText: row.resultText,
    ...(row.promptAdded ? { promptAdded: row.promptAdded } : {}),
    errorReason: row.errorReason,
    errorMessage: row.errorReason
      ? message(
          locale,
          engineMessageKey(row.errorMessage) ?? ENDING_MESSAGE[row.errorReason] ?? 'aiFailed',
          { limit: ERASE_MAX_MASK_PERCENT },
        )
      : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The AI API's service (SPEC 3 AI records, 5 input rules; ADR 0012). */
export class AiJobsService {
  private readonly files: FileRecords;

  private readonly results: AiResultFiles;

  private readonly uow: UnitOfWork;

  constructor(
    private readonly deps: {
      db: TDatabase;
      queue: AiJobQueue;
      registry: TAiEngineRegistry;
      words: SensitiveWordFilter;
      /** Where results are stored: a deleted record's blobs are removed from it. */
      storage: FileStorage;
      /** Signs the owner's file addresses; turns the ones sent back into stored URLs (ADR 0051). */
      urls: TAiFileUrls;
      onQueued?: () => void;
      log?: Pick<FastifyBaseLogger, 'warn'>;
    },
  ) {
    this.files = fileRecords(deps.db);
    this.results = new AiResultFiles(deps.db, deps.storage, deps.log);
    this.uow = new UnitOfWork(deps.db);
  }

  /** The owner's job with its file addresses signed for them (ADR 0051). */
  present(row: TAiJobRow, locale: TLocale): TAiJob {
    return toAiJob(row, locale, this.deps.urls);
  }

  features() {
    return this.deps.registry.features();
  }

  async create(
    userId: number,
    kind: TAiJobKind,
    raw: Record<string, unknown>,
    locale: TLocale,
  ): Promise<TAiJob> {
    this.deps.queue.assertAvailable(kind);
    // The client sends back the signed addresses it was handed; stored plain (ADR 0051).
    const sent = storedParams(raw, this.deps.urls);
    const parsed = this.paramsSchema(kind, sent).safeParse(sent);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => i.path.join('.') || kind).join(', ');
      throw new AppError(Code.BAD_REQUEST, 'validationFailed', { details });
    }
    const params = parsed.data as Record<string, unknown>;
    // SPEC 8: sensitive words answer 406.
    this.deps.words.assertClean(
      TEXT_FIELDS.map((f) => params[f]).filter((v): v is string => typeof v === 'string'),
    );
    // SPEC 5: an uploaded image must be the caller's own upload of the ai kind, up to 10 MB.
    const urls = AI_FILE_FIELDS.map((f) => params[f]).filter(
      (v): v is string => typeof v === 'string',
    );
    if (urls.length > 0) {
      const owned = await this.files.findOwned(userId, urls);
      for (const url of urls) {
        const file = owned.find(
          (f) => f.url === url && f.kind === 'ai' && f.mime.startsWith('image/'),
        );
        if (!file || file.size > UPLOAD_RULES.ai.maxBytes) {
          throw new AppError(Code.BAD_REQUEST, 'validationFailed', { details: 'imageUrl' });
        }
      }
    }
    const job = await this.deps.queue.create(userId, kind, params);
    this.deps.onQueued?.();
    return this.present(job, locale);
  }

  /**
   * Image-to-image takes a local style (DESIGN 5: no provider needed, no
   * prompt read) or a provider's generative style; without a provider any
   * other style is a parameter error naming the field, nothing charged.
   */
  private paramsSchema(kind: TAiJobKind, raw: Record<string, unknown>): ZodType {
    if (kind !== 'image_to_image') return PARAMS[kind];
    if (isLocalImageStyle(raw.style)) return ZImageStyleParams;
    if (this.deps.registry.hasProvider(kind)) return PARAMS[kind];
    throw new AppError(Code.BAD_REQUEST, 'validationFailed', { details: 'style' });
  }

  async get(userId: number, id: number, locale: TLocale): Promise<TAiJob> {
    return this.present(await this.findOwnRow(userId, id), locale);
  }

  /** The caller's job as stored; 404 for another user's, a deleted or a missing one. */
  findOwnRow(userId: number, id: number): Promise<TAiJobRow> {
    return this.deps.queue.findOwn(userId, id);
  }

  /** Jobs by id that are not deleted, whoever owns them (live streams re-read theirs). */
  readLive(ids: readonly number[]): Promise<TAiJobRow[]> {
    return this.deps.queue.findLive(ids);
  }

  /** SPEC 3 AI records: own only, newest first, paged with total. */
  async list(
    userId: number,
    query: TAiJobsQuery,
    locale: TLocale,
  ): Promise<{ data: TAiJob[]; total: number }> {
    const { rows, total } = await this.uow.repositories.aiJobs.listOwn(userId, {
      limit: query.size,
      offset: (query.page - 1) * query.size,
    });
    return { data: rows.map((row) => this.present(row, locale)), total };
  }

  async cancel(userId: number, id: number, locale: TLocale): Promise<TAiJob> {
    return this.present(await this.deps.queue.requestCancel(userId, id), locale);
  }

  /**
   * Deletes the record (SPEC 3: results can be deleted); a job still queued
   * or running is cancelled (and refunded) first. In one transaction the
   * record is marked deleted and the caller's rows of its result files go,
   * unless another record or a work of theirs still uses them; after the
   * commit the blobs nobody's row names any more are removed from storage.
   */
  async remove(userId: number, id: number): Promise<void> {
    const job = await this.deps.queue.findOwn(userId, id);
    if (job.state === 'queued' || job.state === 'running') {
      await this.deps.queue.requestCancel(userId, id);
    }
    const forgotten = await this.uow.run(async (tx) => {
      await tx.aiJobs.markDeleted(userId, id, new Date());
      return this.results.forget(tx, userId, job.resultFiles);
    });
    await this.results.removeUnreferenced(forgotten);
  }
}
