import {
  Code,
  type TFavorResult,
  type TFollowResult,
  type TLikedListQuery,
  type TLikeResult,
  type TPageQuery,
  type TWorkCard,
} from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { type TRepositories, UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { toCards } from '../../kernel/card.mapper';
import { pageOf } from '../../kernel/pagination';
import type { TAuth } from '../../kernel/request-auth';
import type { Limiter, TLimit } from '../../lib/limiter/limiter';
import type { NotificationsService, TRetraction, TSignal } from '../notifications';
import { SocialRepository, type TMark } from './social.repository';
import { followStateOf, SocialStateReader } from './social-state';
import { ToggleSignals } from './toggle-signals';

export type TSocialDeps = {
  db: TDatabase;
  notifications: NotificationsService;
  /** Toggles per user and window (like, favourite, follow), 429 beyond it. */
  limiter?: Limiter;
  toggleLimit?: TLimit;
  /** The window the owner's live pushes are coalesced in (TOGGLE_SIGNAL_WINDOW_MS when absent). */
  signalWindowMs?: number;
};

type TMarkResult = { id: number; marked: boolean; count: number };

const notFound = () => new AppError(Code.NOT_FOUND, 'notFound');
const KIND = { like: 'liked', favor: 'favor' } as const;

/**
 * SPEC 4 Social actions: like, collect and follow toggle on and off,
 * idempotently (DESIGN 6: one row per pair, counters that never go below 0,
 * changed in the row's transaction). Only published works can be liked or
 * collected (404 otherwise, as if they did not exist).
 */
export class SocialService {
  /** ADR 0010: an owner's live pushes from toggles, coalesced per kind. */
  private readonly signals: ToggleSignals;

  private readonly uow: UnitOfWork;

  constructor(private readonly deps: TSocialDeps) {
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

  async like(viewer: TAuth, workId: number): Promise<TLikeResult> {
    const { id, marked, count } = await this.setMark('like', viewer, workId, true);
    return { id, is_like: marked, like: count };
  }

  async unlike(viewer: TAuth, workId: number): Promise<TLikeResult> {
    const { id, marked, count } = await this.setMark('like', viewer, workId, false);
    return { id, is_like: marked, like: count };
  }

  async favor(viewer: TAuth, workId: number): Promise<TFavorResult> {
    const { id, marked, count } = await this.setMark('favor', viewer, workId, true);
    return { id, is_favor: marked, favor: count };
  }

  async unfavor(viewer: TAuth, workId: number): Promise<TFavorResult> {
    const { id, marked, count } = await this.setMark('favor', viewer, workId, false);
    return { id, is_favor: marked, favor: count };
  }

  async follow(viewer: TAuth, userId: number): Promise<TFollowResult> {
    return this.setFollow(viewer, userId, true);
  }

  async unfollow(viewer: TAuth, userId: number): Promise<TFollowResult> {
    return this.setFollow(viewer, userId, false);
  }

  /**
   * Marking needs a published work. Undoing works on a work that has left the
   * feed since (so nobody is stuck with a mark they cannot remove); a hidden
   * work without one is a 404.
   */
  private async setMark(
    mark: TMark,
    viewer: TAuth,
    workId: number,
    on: boolean,
  ): Promise<TMarkResult> {
    await this.consumeToggle(viewer);
    return this.committed(async (tx, repository) => {
      const work = await repository.findWork(workId);
      if (!work || (on && work.status !== 'published')) throw notFound();
      const count = on
        ? await repository.addMark(mark, viewer.userId, workId)
        : await repository.removeMark(mark, viewer.userId, workId);
      if (count === null) {
        if (work.status !== 'published') throw notFound();
        const unchanged = await repository.markCount(mark, workId);
        return { result: { id: workId, marked: on, count: unchanged }, signals: [] };
      }
      const signals = await this.notify(tx, on, {
        recipientId: work.userId,
        actorId: viewer.userId,
        kind: KIND[mark],
        workId,
      });
      return { result: { id: workId, marked: on, count }, signals };
    });
  }

  private async setFollow(viewer: TAuth, userId: number, on: boolean): Promise<TFollowResult> {
    if (userId === viewer.userId) throw new AppError(Code.BAD_REQUEST, 'followSelf');
    await this.consumeToggle(viewer);
    return this.committed(async (tx, repository) => {
      if (!(await repository.userExists(userId))) throw notFound();
      const changed = on
        ? await repository.addFollow(viewer.userId, userId)
        : await repository.removeFollow(viewer.userId, userId);
      const signals = changed
        ? await this.notify(tx, on, { recipientId: userId, actorId: viewer.userId, kind: 'follow' })
        : [];
      return { result: await this.followResult(repository, viewer.userId, userId), signals };
    });
  }

  private async consumeToggle(viewer: TAuth): Promise<void> {
    const { limiter, toggleLimit } = this.deps;
    if (limiter && toggleLimit) {
      await limiter.consume('social-toggle', String(viewer.userId), toggleLimit);
    }
  }

  /** Doing an action notifies its recipient; undoing it takes the notification back. */
  private notify(tx: TRepositories, on: boolean, notice: TRetraction): Promise<TSignal[]> {
    const { notifications } = this.deps;
    return on ? notifications.add(tx, notice) : notifications.retract(tx, notice);
  }

  /**
   * Runs `change` in one transaction; the notification signals it answers go
   * out only once that transaction has committed, coalesced per recipient.
   */
  private async committed<T>(
    change: (
      tx: TRepositories,
      repository: SocialRepository,
    ) => Promise<{ result: T; signals: TSignal[] }>,
  ): Promise<T> {
    const { result, signals } = await this.uow.run((tx) => change(tx, tx.social));
    this.signals.push(signals);
    return result;
  }

  private async followResult(
    repository: SocialRepository,
    viewerId: number,
    userId: number,
  ): Promise<TFollowResult> {
    // One after the other: inside a transaction the queries share one connection.
    const pair = await repository.followPair(viewerId, userId);
    const counts = await repository.followCounts(userId);
    return {
      id: userId,
      is_follow: pair.isFollow,
      follow_state: followStateOf(pair.isFollow, pair.isFollowedBy),
      follow_count: counts?.followCount ?? 0,
      fans_count: counts?.fansCount ?? 0,
    };
  }

  /**
   * SPEC 7 GET /works/like: the caller's liked works (published ones), latest
   * like first; a visitor is asked to log in. Ours (ADR 0019): with `uid`,
   * another user's, only when they made their likes public (403
   * 'likesPrivate' otherwise; 404 for no such user), with the viewer's is_like.
   */
  async likedWorks(
    viewer: TAuth | null,
    query: TLikedListQuery,
  ): Promise<{ data: TWorkCard[]; total: number }> {
    const repository = new SocialRepository(this.deps.db);
    const { uid = viewer?.userId } = query;
    if (uid === undefined) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
    if (uid !== viewer?.userId) {
      const isPublic = await repository.likesPublic(uid);
      if (isPublic === undefined) throw notFound();
      if (!isPublic) throw new AppError(Code.FORBIDDEN, 'likesPrivate');
    }
    const { rows, total } = await repository.markedWorks('like', uid, pageOf(query));
    const liked =
      uid === viewer?.userId
        ? new Set(rows.map((row) => row.id))
        : await new SocialStateReader(this.deps.db).likedAmong(
            viewer?.userId ?? null,
            rows.map((row) => row.id),
          );
    return { data: toCards(rows, liked), total };
  }

  /** SPEC 7 GET /favor/{uid}: works `uid` collected (published ones), with the viewer's is_like. */
  async favorites(
    uid: number,
    query: TPageQuery,
    viewer: TAuth | null,
  ): Promise<{ data: TWorkCard[]; total: number }> {
    const repository = new SocialRepository(this.deps.db);
    const isPublic = await repository.favorPublic(uid);
    if (isPublic === undefined) throw notFound();
    // Favourites are private, as likes are (ADR 0010): only their owner sees
    // them, unless the owner made them public (updateInfo favorPublic).
    if (viewer?.userId !== uid && !isPublic) return { data: [], total: 0 };
    const { rows, total } = await repository.markedWorks('favor', uid, pageOf(query));
    const liked = await new SocialStateReader(this.deps.db).likedAmong(
      viewer?.userId ?? null,
      rows.map((row) => row.id),
    );
    return { data: toCards(rows, liked), total };
  }
}
