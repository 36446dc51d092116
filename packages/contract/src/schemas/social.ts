import { z } from 'zod';
import { FOLLOW_STATES } from '../constants';
import { ZEnvelope } from '../envelope';
import { ZId, ZPageQuery } from './common';

/** SPEC 4 Social actions: the viewer's relation to another user. */
export const ZFollowState = z.enum(FOLLOW_STATES);

/**
 * PUT and DELETE /api/v1/works/like/{id} (SPEC 7). Idempotent: a second like
 * or unlike changes nothing; `like` is the work's count afterwards.
 */
export const ZLikeResult = z.object({
  id: z.number().int(),
  is_like: z.boolean(),
  like: z.number().int().nonnegative(),
});
export type TLikeResult = z.infer<typeof ZLikeResult>;
export const ZLikeResponse = ZEnvelope(ZLikeResult);

/** POST and DELETE /api/v1/favor/{id} (SPEC 7): collect and uncollect, idempotent. */
export const ZFavorResult = z.object({
  id: z.number().int(),
  is_favor: z.boolean(),
  favor: z.number().int().nonnegative(),
});
export type TFavorResult = z.infer<typeof ZFavorResult>;
export const ZFavorResponse = ZEnvelope(ZFavorResult);

/**
 * POST and DELETE /api/v1/follow/user/{id} (SPEC 7): `id` is the followed
 * user, `follow_count` and `fans_count` are that user's counts afterwards.
 */
export const ZFollowResult = z.object({
  id: z.number().int(),
  is_follow: z.boolean(),
  follow_state: ZFollowState,
  follow_count: z.number().int().nonnegative(),
  fans_count: z.number().int().nonnegative(),
});
export type TFollowResult = z.infer<typeof ZFollowResult>;
export const ZFollowResponse = ZEnvelope(ZFollowResult);

/** GET /api/v1/favor/{uid}: the works `uid` collected, newest collection first. */
export const ZFavorListParams = z.object({ uid: ZId });
/** SPEC 7 also sends `uid` in the query; the path wins. */
/**
 * SPEC 7 GET /works/like takes page and pageSize: the caller's own liked
 * works. Ours (ADR 0019): `uid` asks for another user's, listed only when
 * that user made their likes public.
 */
export const ZLikedListQuery = ZPageQuery.extend({
  uid: ZId.optional(),
});
export type TLikedListQuery = z.infer<typeof ZLikedListQuery>;

export const ZFavorListQuery = ZPageQuery.extend({
  uid: ZId.optional(),
});
