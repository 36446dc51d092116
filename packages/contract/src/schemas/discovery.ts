import { z } from 'zod';
import { FEED_SORTS, LIMITS } from '../constants';
import { ZEnvelope } from '../envelope';
import { ZCollection } from './collections';
import { ZId, ZPageQuery } from './common';
import { ZFollowState } from './social';

/**
 * Feed orders of GET /works/home. `newest` (published first), `likes` (most
 * liked), `downloads` (most downloaded); `relevance` ranks search matches
 * (title words weigh most, then tags, categories and materials, then summary
 * and author; recent works win ties). Without `sort`, a search is ordered by
 * relevance and everything else by newest.
 */
export const ZFeedSort = z.enum(FEED_SORTS);
export type TFeedSort = z.infer<typeof ZFeedSort>;

/**
 * SPEC 5, 9: search text is at most 100 characters; blank text counts as no
 * search (SPEC 4). Control characters are refused before this runs, like
 * in every other text (http/validator.ts).
 */
export const ZSearchText = z
  .string()
  .trim()
  .max(LIMITS.searchMaxLength, { error: 'searchTextTooLong' });

/**
 * GET /api/v1/works/home (SPEC 7): page, pageSize (50), and `query` (search
 * text) or `category` (a category id; a parent covers its children). Both
 * together search inside the category. Only published works are listed.
 * A logged-in user's first-page search is added to their search history.
 */
export const ZHomeQuery = ZPageQuery.extend({
  query: ZSearchText.optional(),
  category: ZId.optional(),
  sort: ZFeedSort.optional(),
});
export type THomeQuery = z.infer<typeof ZHomeQuery>;

/** SPEC 3 Search-history record: id, words (newest first, no duplicates). */
export const ZSearchRecord = z.object({ id: z.number().int(), words: z.string() });
export type TSearchRecord = z.infer<typeof ZSearchRecord>;
/** GET /api/v1/works/search_record: the caller's last LIMITS.searchHistoryMax searches. */
export const ZSearchRecordListResponse = ZEnvelope(z.array(ZSearchRecord));

/**
 * DELETE /api/v1/works/delete_search_record (SPEC 7): `ids` holds the one
 * record to delete, or is empty to clear the whole history. `msg` is the
 * localised success text the client shows (SPEC 8); `data.count` the number
 * of records removed.
 */
export const ZDeleteSearchRecordRequest = z.object({
  ids: z.array(ZId).max(LIMITS.searchHistoryMax).default([]),
});
export type TDeleteSearchRecordRequest = z.infer<typeof ZDeleteSearchRecordRequest>;
export const ZDeleteSearchRecordResponse = ZEnvelope(z.object({ count: z.number().int() }));

/**
 * SPEC 3 Hot search: words. GET /api/v1/works/search/hot answers the most
 * searched texts of the last LIMITS.hotSearchDays days (visitors included),
 * at most LIMITS.hotSearchCount. Ours: GET /api/v1/works/search/guess answers
 * guessed searches for the empty box (SPEC 2 Other screens): tags popular on
 * recent works, then category names.
 */
export const ZSearchWords = z.object({ words: z.string() });
export type TSearchWords = z.infer<typeof ZSearchWords>;
export const ZSearchWordsResponse = ZEnvelope(z.array(ZSearchWords));

/** GET /api/v1/collection/getWorks/{id}: page and pageSize as every list (default 50). */
export const ZCollectionWorksQuery = ZPageQuery;
/** GET /api/v1/collection/getCollectionInfo/{id}: the collection as in the list. */
export const ZCollectionInfoResponse = ZEnvelope(ZCollection);

/**
 * Ours: GET /api/v1/user/profile/{id}, another user's public profile for
 * /userInfor/:id (SPEC 2), with the SPEC 3 user counters. `likes` and
 * `favorites` count what the user's published works received; `points` is
 * sent to the user themself only (null for others).
 */
export const ZUserProfile = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  creatorTag: z.string(),
  follows: z.number().int(),
  fans: z.number().int(),
  likes: z.number().int(),
  favorites: z.number().int(),
  points: z.number().int().nullable(),
  follow_count: z.number().int(),
  fans_count: z.number().int(),
  work_count: z.number().int(),
  is_follow: z.boolean(),
  follow_state: ZFollowState,
  is_self: z.boolean(),
  /** Ours (ADR 0019): the user shows the works they liked (GET /works/like?uid=). */
  likesPublic: z.boolean(),
  /** Ours (ADR 0010): the user shows the works they collected (GET /favor/{uid}). */
  favorPublic: z.boolean(),
});
export type TUserProfile = z.infer<typeof ZUserProfile>;
export const ZUserProfileResponse = ZEnvelope(ZUserProfile);
