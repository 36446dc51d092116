import {
  Code,
  LIMITS,
  type TCommunityTab,
  type TLikeResult,
  type TMessageKey,
  type TPost,
  type TPostPageQuery,
  type TPostRequest,
  type TPostSearchQuery,
} from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { pageOf } from '../../kernel/pagination';
import { hasRole, type TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import type { Limiter, TLimit } from '../../lib/limiter/limiter';
import { type FileRecords, type FileStorage, unsignedUrl } from '../files';
import type { SensitiveWordFilter } from '../moderation';
import type { NotificationsService, TSignal } from '../notifications';
import type { TPointsTasks } from '../points';
import { type TSearchMatch, tidySearchText } from '../search';
import { ToggleSignals } from '../social';
import { toPost } from './community.mapper';
import { CommunityRepository, type TPostRef, type TPostValues } from './community.repository';
import { CommunityPagesRepository, type TPostPage } from './community-pages.repository';
import { POST_DOCUMENT_VERSION, postDocument } from './post-document';

const HOUR_MS = 60 * 60_000;

/** Ours: LIMITS.postsPerHour new posts per user and hour, over all instances (lib/limiter). */
export const DEFAULT_POST_LIMIT: TLimit = { max: LIMITS.postsPerHour, windowMs: HOUR_MS };

/**
 * Ours, the recommend feed's ranking (ADR 0013): the newest RANK_CANDIDATES
 * posts of the last RANK_WINDOW_DAYS days are ranked; older ones follow
 * newest first. Ages are measured from the hour the request falls in, so
 * the order holds still while somebody scrolls through the pages of it.
 */
export const RANK = {
  windowDays: 30,
  candidates: 1000,
  /** Score factor for posts by people the viewer follows. */
  followBoost: 3,
  /** Ages are measured from the start of the current step. */
  timeStepMs: HOUR_MS,
} as const;

export type TCommunityDeps = {
  db: TDatabase;
  clock: TClock;
  words: SensitiveWordFilter;
  notifications: NotificationsService;
  /** Whose uploads images may be (ADR 0013: the author's own `post` uploads), and their previews. */
  files: FileRecords;
  storage: FileStorage;
  publicUrl: string;
  /** Search text to a tsquery (the works' tokenizer and typo tolerance, modules/search). */
  matcher: { match(text: string): Promise<TSearchMatch | undefined> };
  limiter?: Limiter;
  /** New posts per user and window (DEFAULT_POST_LIMIT when absent). */
  postLimit?: TLimit;
  /** Like toggles, counted with those of works (ADR 0010 per-user budget). */
  toggleLimit?: TLimit;
  /** The window the owner's live pushes are coalesced in (ToggleSignals' default when absent). */
  signalWindowMs?: number;
  /** Points task "first community post", credited in the posting transaction. */
  points?: Pick<TPointsTasks, 'postPublished'>;
};

export type TPostList = { data: TPost[]; total: number };

const notFound = () => new AppError(Code.NOT_FOUND, 'notFound');
const bad = (key: TMessageKey) => new AppError(Code.BAD_REQUEST, key);
const unique = <T>(values: readonly T[]) => [...new Set(values)];

/**
 * Community posts ("Model talk", SPEC 1, 2, 3 Post, 5, 6; ADR 0013): create,
 * edit and delete, likes, the recommend, square and my-activity feeds, a
 * maker's posts and search. Comments on posts belong to the comments module.
 */
export class CommunityService {
  /** ADR 0010: the author's live pushes from likes, coalesced per kind. */
  private readonly signals: ToggleSignals;

  private readonly uow: UnitOfWork;

  constructor(private readonly deps: TCommunityDeps) {
    this.uow = new UnitOfWork(deps.db);
    this.signals = new ToggleSignals(
      (signals) => deps.notifications.signal(signals),
      deps.signalWindowMs,
    );
  }

  /** Stops the coalescing timers (the app is closing). */
  close(): void {
    this.signals.close();
  }

  private get repository(): CommunityRepository {
    return new CommunityRepository(this.deps.db);
  }

  private get pages(): CommunityPagesRepository {
    return new CommunityPagesRepository(this.deps.db);
  }

  /** SPEC 5 rules (the contract), the author's own images and work, sensitive words (406). */
  async create(viewer: TAuth, request: TPostRequest): Promise<TPost> {
    const { limiter, postLimit, clock } = this.deps;
    const values = await this.resolve(viewer, request);
    // Only posts that would be published count: a refused form costs nothing.
    if (limiter) {
      await limiter.consume('post', String(viewer.userId), postLimit ?? DEFAULT_POST_LIMIT);
    }
    const now = clock();
    const id = await this.uow.run(async (tx) => {
      const inserted = await tx.community.insert({
        ...values,
        userId: viewer.userId,
        createdAt: now,
        updatedAt: now,
      });
      await this.deps.points?.postPublished(tx, viewer.userId);
      return inserted;
    });
    return this.get(id, viewer);
  }

  /** The author edits: the whole form again, under the same rules; others 403. */
  async update(viewer: TAuth, postId: number, request: TPostRequest): Promise<TPost> {
    const repository = this.repository;
    const post = await repository.find(postId);
    if (!post) throw notFound();
    if (post.userId !== viewer.userId) throw new AppError(Code.FORBIDDEN, 'postForbidden');
    const values = await this.resolve(viewer, request, post);
    if (!(await repository.update(postId, { ...values, updatedAt: this.deps.clock() }))) {
      throw notFound();
    }
    return this.get(postId, viewer);
  }

  /**
   * SPEC 6: the author deletes their post, moderators and admins any. Hard
   * delete: its comments, likes and notifications go with it, and whoever
   * had unread ones among them gets new counts. A moderator's or admin's
   * deletion of another's post is audited.
   */
  async remove(viewer: TAuth, postId: number, reason = ''): Promise<{ id: number }> {
    const signals = await this.uow.run(async (tx) => {
      const repository = tx.community;
      const post = await repository.find(postId, { lock: 'update' });
      if (!post) throw notFound();
      if (post.userId !== viewer.userId) {
        if (!hasRole(viewer, 'moderator')) throw new AppError(Code.FORBIDDEN, 'postForbidden');
        await tx.auditRecords.record({
          actorId: viewer.userId,
          action: 'post_delete',
          itemKind: 'post',
          itemId: postId,
          reason,
          detail: { author_id: post.userId },
          createdAt: this.deps.clock(),
        });
      }
      const notified = await repository.unreadNotified(postId);
      // Its comments go with it (cascade): their open reports close too (ADR 0014).
      const commentIds = await repository.commentIdsOf(postId);
      await repository.remove(postId);
      const now = this.deps.clock();
      await tx.openReports.closeReportsOf('post', [postId], viewer.userId, now);
      await tx.openReports.closeReportsOf('comment', commentIds, viewer.userId, now);
      return notified;
    });
    this.deps.notifications.signal(signals);
    return { id: postId };
  }

  async get(postId: number, viewer: TAuth | null): Promise<TPost> {
    const [row] = await this.pages.rows([postId]);
    if (!row) throw notFound();
    const [post] = await this.present({ rows: [row], total: 1 }, viewer);
    if (!post) throw notFound();
    return post;
  }

  async like(viewer: TAuth, postId: number): Promise<TLikeResult> {
    return this.setLike(viewer, postId, true);
  }

  async unlike(viewer: TAuth, postId: number): Promise<TLikeResult> {
    return this.setLike(viewer, postId, false);
  }

  /**
   * Idempotent: one post_likes row per pair, posts.like_count moved with it
   * in one transaction. Liking notifies the author; unliking takes that back.
   */
  private async setLike(viewer: TAuth, postId: number, on: boolean): Promise<TLikeResult> {
    const { limiter, toggleLimit, notifications, clock } = this.deps;
    if (limiter && toggleLimit) {
      await limiter.consume('social-toggle', String(viewer.userId), toggleLimit);
    }
    const { result, signals } = await this.uow.run(async (tx) => {
      const repository = tx.community;
      // Kept from being deleted until the like and its notification are in.
      const post = await repository.find(postId, { lock: 'key share' });
      if (!post) throw notFound();
      const count = on
        ? await repository.addLike(viewer.userId, postId, clock())
        : await repository.removeLike(viewer.userId, postId);
      if (count === null) {
        const unchanged = await repository.likeCount(postId);
        return { result: { id: postId, is_like: on, like: unchanged }, signals: [] as TSignal[] };
      }
      const notice = {
        recipientId: post.userId,
        actorId: viewer.userId,
        kind: 'liked' as const,
        postId,
      };
      const signals = on
        ? await notifications.add(tx, notice)
        : await notifications.retract(tx, notice);
      return { result: { id: postId, is_like: on, like: count }, signals };
    });
    this.signals.push(signals);
    return result;
  }

  /** GET /community/feed/{tab}. */
  async feed(tab: TCommunityTab, query: TPostPageQuery, viewer: TAuth | null): Promise<TPostList> {
    const page = pageOf(query);
    const { pages } = this;
    switch (tab) {
      case 'square':
        return this.list(await pages.newest(page), viewer);
      case 'recommend': {
        const step = RANK.timeStepMs;
        const now = new Date(Math.floor(this.deps.clock().getTime() / step) * step);
        const since = new Date(now.getTime() - RANK.windowDays * 24 * HOUR_MS);
        const found = await pages.recommended(
          {
            viewerId: viewer?.userId ?? null,
            now,
            since,
            maxCandidates: RANK.candidates,
            followBoost: RANK.followBoost,
          },
          page,
        );
        return this.list(found, viewer);
      }
      case 'mine': {
        if (!viewer) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
        return this.list(await pages.activity(viewer.userId, page), viewer);
      }
    }
  }

  /** A maker's posts, newest first (the profile's posts tab). */
  async userPosts(uid: number, query: TPostPageQuery, viewer: TAuth | null): Promise<TPostList> {
    if (!(await this.repository.userExists(uid))) throw notFound();
    return this.list(await this.pages.newest(pageOf(query), uid), viewer);
  }

  /** Posts whose text or topic match (SPEC 4 Search rules); blank text finds nothing. */
  async search(query: TPostSearchQuery, viewer: TAuth | null): Promise<TPostList> {
    const text = tidySearchText(query.query);
    if (!text) return { data: [], total: 0 };
    const match = await this.deps.matcher.match(text);
    if (!match) return { data: [], total: 0 };
    return this.list(await this.pages.search(match.tsquery, pageOf(query)), viewer);
  }

  private async list(found: TPostPage, viewer: TAuth | null): Promise<TPostList> {
    return { data: await this.present(found, viewer), total: found.total };
  }

  /** Cards of one page: the viewer's likes and the image previews in one query each. */
  private async present(found: TPostPage, viewer: TAuth | null): Promise<TPost[]> {
    const [liked, thumbnails] = await Promise.all([
      viewer
        ? this.pages.likedAmong(
            viewer.userId,
            found.rows.map((row) => row.id),
          )
        : Promise.resolve(new Set<number>()),
      this.deps.files.thumbnails(
        found.rows.flatMap((row) => row.images),
        'post',
      ),
    ]);
    return found.rows.map((row) =>
      toPost(row, { liked, thumbnails, activities: found.activities }),
    );
  }

  /**
   * The request as stored: sensitive words in text and topic answer 406;
   * every image must be one of the author's `post` uploads (or already on
   * the post being edited), and a linked work one of the author's
   * published works (400 otherwise).
   */
  private async resolve(
    viewer: TAuth,
    request: TPostRequest,
    existing?: TPostRef,
  ): Promise<TPostValues> {
    const { words, files } = this.deps;
    const topic = request.topic ?? null;
    words.assertClean(topic ? [request.content, topic] : [request.content]);
    const images = unique(request.images.map(this.relative));
    const kept = new Set(existing?.images ?? []);
    const owned = new Set(
      (await files.findOwned(viewer.userId, images))
        .filter((row) => row.kind === 'post')
        .map((row) => row.url),
    );
    if (images.some((url) => !owned.has(url) && !kept.has(url))) throw bad('postImageInvalid');
    const workId = request.work_id ? request.work_id : null;
    if (workId !== null && !(await this.repository.isOwnPublishedWork(viewer.userId, workId))) {
      throw bad('postWorkInvalid');
    }
    return {
      content: request.content,
      images,
      workId,
      topic,
      document: postDocument(request.content, topic),
      documentVersion: POST_DOCUMENT_VERSION,
    };
  }

  /**
   * Image addresses are stored as the upload answered them: relative to our
   * own address, without a query string; an object store's URL as stored.
   */
  private relative = (url: string): string => {
    const { publicUrl, storage } = this.deps;
    const local = url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
    const key = storage.keyFromUrl(unsignedUrl(local));
    if (key) return storage.urlFor(key);
    return local.startsWith('/') ? unsignedUrl(local) : local;
  };
}
