import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Code, LIMITS, type TFeedbackRequest, type TLocale } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import type { Limiter, TLimit } from '../../lib/limiter/limiter';
import { type FileRecords, type FileStorage, type UploadService, unsignedUrl } from '../files';
import type { SensitiveWordFilter } from '../moderation';
import { FeedbackRepository } from './feedback.repository';

const HOUR = 60 * 60_000;

/** Ours (LIMITS): feedback per visitor address or per user, and visitors' images per address. */
export type TFeedbackLimits = { visitor: TLimit; user: TLimit; visitorUploads: TLimit };

export const DEFAULT_FEEDBACK_LIMITS: TFeedbackLimits = {
  visitor: { max: LIMITS.feedbackPerHourVisitor, windowMs: HOUR },
  user: { max: LIMITS.feedbackPerHourUser, windowMs: HOUR },
  visitorUploads: { max: LIMITS.feedbackUploadsPerHourVisitor, windowMs: HOUR },
};

/** Who sends: the user when logged in (null for a visitor), their address and language. */
export type TFeedbackSender = { auth: TAuth | null; ip: string; locale: TLocale };

export type TFeedbackDeps = {
  db: TDatabase;
  clock: TClock;
  words: SensitiveWordFilter;
  /** Checks and stores the images (a user's are recorded in files, kind `feedback`). */
  uploads: UploadService;
  /** A user's own `feedback` uploads. */
  files: FileRecords;
  storage: FileStorage;
  publicUrl: string;
  limiter: Limiter;
  /** The key of the address hash: only this server can tell which address a hash is. */
  ipHashKey: Buffer;
  limits?: Partial<TFeedbackLimits>;
};

/**
 * Feedback (SPEC 1 'send feedback', 3, 5, 7): anyone may send it, a visitor
 * too; the sender is recorded when logged in. Images are the sender's own
 * feedback uploads: a user's files of kind `feedback`, or images uploaded as a
 * visitor from the same address (the dialog may have been opened before the
 * login, or with a token that had run out).
 */
export class FeedbackService {
  private readonly limits: TFeedbackLimits;

  constructor(private readonly deps: TFeedbackDeps) {
    this.limits = { ...DEFAULT_FEEDBACK_LIMITS, ...deps.limits };
  }

  private get repository(): FeedbackRepository {
    return new FeedbackRepository(this.deps.db);
  }

  /** A keyed hash of the address: floods can be told apart, the address is never kept. */
  ipHash(ip: string): string {
    return createHmac('sha256', this.deps.ipHashKey).update(ip).digest('hex');
  }

  /**
   * SPEC 7 feedback image upload: an image up to 5MB (SPEC 5), judged by
   * its content. A user's counts against their upload limits; a visitor's
   * against their address's, and is recorded here so their feedback may use it.
   */
  async upload(sender: TFeedbackSender, stream: Readable, filename: string): Promise<string> {
    const { uploads, limiter, clock } = this.deps;
    if (sender.auth) {
      return (await uploads.receive(sender.auth.userId, 'feedback', stream, filename)).url;
    }
    const ipHash = this.ipHash(sender.ip);
    try {
      await limiter.consume('feedback-upload', ipHash, this.limits.visitorUploads);
    } catch (error) {
      // Drained, so the reply can still be sent.
      stream.resume();
      throw error;
    }
    const url = await uploads.receiveUnrecorded('feedback', stream, filename);
    await this.repository.recordVisitorUpload(ipHash, url, clock());
    return url;
  }

  /**
   * SPEC 7 POST /suggestion/submit after the contract's SPEC 5 rules:
   * sensitive words answer 406, images must be the sender's own feedback
   * uploads (400), and only accepted feedback counts towards the limit (429).
   */
  async submit(sender: TFeedbackSender, request: TFeedbackRequest): Promise<{ id: number }> {
    const { words, limiter, clock } = this.deps;
    const { suggestion, contact } = request;
    words.assertClean(contact ? [suggestion, contact] : [suggestion]);
    const ipHash = this.ipHash(sender.ip);
    const pictures = [...new Set(request.picture.map(this.relative))];
    await this.assertOwnPictures(sender, ipHash, pictures);
    const { auth } = sender;
    await limiter.consume(
      'feedback',
      auth ? `user:${auth.userId}` : `ip:${ipHash}`,
      auth ? this.limits.user : this.limits.visitor,
    );
    const now = clock();
    const row = await this.repository.insert({
      userId: auth?.userId ?? null,
      suggestion,
      contact,
      pictures,
      locale: sender.locale,
      ipHash,
      createdAt: now,
      updatedAt: now,
    });
    return { id: row.id };
  }

  private async assertOwnPictures(
    sender: TFeedbackSender,
    ipHash: string,
    pictures: readonly string[],
  ): Promise<void> {
    if (pictures.length === 0) return;
    const own = await this.repository.visitorUploads(ipHash, pictures);
    if (sender.auth) {
      const files = await this.deps.files.findOwned(sender.auth.userId, pictures);
      for (const row of files) if (row.kind === 'feedback') own.add(row.url);
    }
    if (pictures.some((url) => !own.has(url))) {
      throw new AppError(Code.BAD_REQUEST, 'feedbackPictureInvalid');
    }
  }

  /**
   * Addresses are kept as the upload answered them: relative to our own
   * address, without a query string; an object store's URL as stored.
   */
  private relative = (url: string): string => {
    const { publicUrl, storage } = this.deps;
    const local = url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
    const key = storage.keyFromUrl(unsignedUrl(local));
    if (key) return storage.urlFor(key);
    return local.startsWith('/') ? unsignedUrl(local) : local;
  };
}
