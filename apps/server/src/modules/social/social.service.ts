import {
  Code,
  type TFavorResult,
  type TFollowResult,
  type TLikeResult,
  type TPageQuery,
  type TWorkCard,
} from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { TAuth } from '../auth/auth.guard';
import type { NotificationsService, TSignal } from '../notifications/notifications.service';
import { toCards } from '../works/works.mapper';
import { pageOf } from '../works/works.service';
import { SocialRepository, type TMark } from './social.repository';
import { followStateOf, SocialStateReader } from './social-state';

export type TSocialDeps = { db: TDatabase; notifications: NotificationsService };

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
  constructor(private readonly deps: TSocialDeps) {}

  async like(viewer: TAuth, workId: number): Promise<TLikeResult> {
    const { id, marked, count } = await this.mark('like', viewer, workId);
    return { id, is_like: marked, like: count };
  }

  async unlike(viewer: TAuth, workId: number): Promise<TLikeResult> {
    const { id, marked, count } = await this.unmark('like', viewer, workId);
    return { id, is_like: marked, like: count };
  }

  async favor(viewer: TAuth, workId: number): Promise<TFavorResult> {
    const { id, marked, count } = await this.mark('favor', viewer, workId);
    return { id, is_favor: marked, favor: count };
  }

  async unfavor(viewer: TAuth, workId: number): Promise<TFavorResult> {
    const { id, marked, count } = await this.unmark('favor', viewer, workId);
    return { id, is_favor: marked, favor: count };
  }

  private async mark(mark: TMark, viewer: TAuth, workId: number): Promise<TMarkResult> {
    const { db, notifications } = this.deps;
    let signals: TSignal[] = [];
    const result = await db.transaction(async (tx) => {
      const repository = new SocialRepository(tx);
      const work = await repository.findWork(workId);
      if (work?.status !== 'published') throw notFound();
      const count = await repository.addMark(mark, viewer.userId, workId);
      if (count === null) {
        return { id: workId, marked: true, count: await repository.markCount(mark, workId) };
      }
      signals = await notifications.add(tx, {
        recipientId: work.userId,
        actorId: viewer.userId,
        kind: KIND[mark],
        workId,
      });
      return { id: workId, marked: true, count };
    });
    notifications.signal(signals);
    return result;
  }

  /**
   * Undoing works on a work that has left the feed since (so nobody is stuck
   * with a mark they cannot remove); a hidden work without one is a 404.
   */
  private async unmark(mark: TMark, viewer: TAuth, workId: number): Promise<TMarkResult> {
    const { db, notifications } = this.deps;
    let signals: TSignal[] = [];
    const result = await db.transaction(async (tx) => {
      const repository = new SocialRepository(tx);
      const work = await repository.findWork(workId);
      if (!work) throw notFound();
      const count = await repository.removeMark(mark, viewer.userId, workId);
      if (count === null) {
        if (work.status !== 'published') throw notFound();
        return { id: workId, marked: false, count: await repository.markCount(mark, workId) };
      }
      signals = await notifications.retract(tx, {
        recipientId: work.userId,
        actorId: viewer.userId,
        kind: KIND[mark],
        workId,
      });
      return { id: workId, marked: false, count };
    });
    notifications.signal(signals);
    return result;
  }

  async follow(viewer: TAuth, userId: number): Promise<TFollowResult> {
    if (userId === viewer.userId) throw new AppError(Code.BAD_REQUEST, 'followSelf');
    const { db, notifications } = this.deps;
    let signals: TSignal[] = [];
    const result = await db.transaction(async (tx) => {
      const repository = new SocialRepository(tx);
      if (!(await repository.userExists(userId))) throw notFound();
      if (await repository.addFollow(viewer.userId, userId)) {
        signals = await notifications.add(tx, {
          recipientId: userId,
          actorId: viewer.userId,
          kind: 'follow',
        });
      }
      return this.followResult(repository, viewer.userId, userId);
    });
    notifications.signal(signals);
    return result;
  }

  async unfollow(viewer: TAuth, userId: number): Promise<TFollowResult> {
    if (userId === viewer.userId) throw new AppError(Code.BAD_REQUEST, 'followSelf');
    const { db, notifications } = this.deps;
    let signals: TSignal[] = [];
    const result = await db.transaction(async (tx) => {
      const repository = new SocialRepository(tx);
      if (!(await repository.userExists(userId))) throw notFound();
      if (await repository.removeFollow(viewer.userId, userId)) {
        signals = await notifications.retract(tx, {
          recipientId: userId,
          actorId: viewer.userId,
          kind: 'follow',
        });
      }
      return this.followResult(repository, viewer.userId, userId);
    });
    notifications.signal(signals);
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

  /** SPEC 7 GET /works/like: the caller's liked works (published ones), latest like first. */
  async likedWorks(
    viewer: TAuth,
    query: TPageQuery,
  ): Promise<{ data: TWorkCard[]; total: number }> {
    const { rows, total } = await new SocialRepository(this.deps.db).markedWorks(
      'like',
      viewer.userId,
      pageOf(query),
    );
    return { data: toCards(rows, new Set(rows.map((row) => row.id))), total };
  }

  /** SPEC 7 GET /favor/{uid}: works `uid` collected (published ones), with the viewer's is_like. */
  async favorites(
    uid: number,
    query: TPageQuery,
    viewer: TAuth | null,
  ): Promise<{ data: TWorkCard[]; total: number }> {
    const repository = new SocialRepository(this.deps.db);
    if (!(await repository.userExists(uid))) throw notFound();
    const { rows, total } = await repository.markedWorks('favor', uid, pageOf(query));
    const liked = await new SocialStateReader(this.deps.db).likedAmong(
      viewer?.userId ?? null,
      rows.map((row) => row.id),
    );
    return { data: toCards(rows, liked), total };
  }
}
