import type { TApiRouteName } from '@layerline/contract';
import {
  cardTags,
  type TMoves,
  type TReadRouteName,
  type TShows,
  type TTag,
  type TWriteRouteName,
  type TWriteTable,
  tag,
} from './freshness-tags';

/**
 * What every write endpoint changes (ADR 0044), keyed by the contract's
 * endpoint names. The type makes a write endpoint without an entry a
 * compile error (freshness.test.ts proves it); a test performs each one and
 * reads every kept answer on two instances (freshness.routes.test.ts).
 * `nothing` says the write changes nothing a kept answer could show: its
 * effects are the writer's own (sessions, points, uploads, AI jobs, search
 * history, notifications) or the console's (reports, feedback, roles,
 * suspensions, which no public page shows).
 */
export const WRITES = {
  // Sessions, codes and passwords: no public page shows them.
  'auth.login': 'nothing',
  'auth.refresh': 'nothing',
  // A new account has no works and is on no list.
  'auth.register': 'nothing',
  'auth.resetCode': 'nothing',
  'auth.resetPassword': 'nothing',
  'auth.changePassword': 'nothing',
  // A ticket for one live stream of the caller's session changes nothing shown.
  'auth.streamTicket': 'nothing',
  // Nickname, avatar and bio show on the maker's cards and their works' details.
  'users.update': ({ writer }) => [writer === null ? undefined : tag.user(writer)],
  // Points are the user's own (ADR 0011).
  'points.signin': 'nothing',
  // AI jobs and uploads are the owner's until a work or post names them.
  'ai.create': 'nothing',
  'ai.cancel': 'nothing',
  'ai.delete': 'nothing',
  'files.upload': 'nothing',
  'files.uploadAlias': 'nothing',
  'files.batchUpload': 'nothing',
  // One's own search history; hot searches count searches, not deletions.
  'search.deleteHistory': 'nothing',
  // A publish (or a save in review) moves the lists, the maker's latest works and count.
  'works.create': ({ answer }) => [tag.works, tag.work(answer.id), tag.user(answer.created_by)],
  'works.update': ({ body, answer }) => [tag.works, tag.work(body.id), tag.user(answer.created_by)],
  // The owner's own work leaves every list (SPEC 7 DELETE /works/{id}).
  'works.delete': ({ params, writer }) => [
    tag.works,
    tag.work(params.id),
    writer === null ? undefined : tag.user(writer),
  ],
  // A rejected work goes back to review: it was on no public page and stays off them.
  'works.appeal': ({ body }) => [tag.work(body.work_id)],
  // A decision publishes or hides the work: lists, its detail, its maker's latest works.
  'moderation.approve': async ({ params, look }) => [
    tag.works,
    tag.work(params.id),
    ...ownerTag(await look.ownerOfWork(params.id)),
  ],
  'moderation.reject': async ({ params, look }) => [
    tag.works,
    tag.work(params.id),
    ...ownerTag(await look.ownerOfWork(params.id)),
  ],
  // Reports are the console's until a moderator acts on the item.
  'moderation.report': 'nothing',
  // Roles and suspensions show on the user's own info and the console, no public page.
  'admin.setRole': 'nothing',
  'admin.suspend': 'nothing',
  'admin.unsuspend': 'nothing',
  'admin.resolveReport': 'nothing',
  'admin.setFeedbackStatus': 'nothing',
  // The words are checked on new text; nothing kept is filtered again.
  'admin.setSensitiveWords': 'nothing',
  'admin.deletePost': ({ params }) => [tag.posts, tag.post(params.id)],
  // A comment's deletion moves its work's (or post's) comment count.
  'admin.deleteComment': async ({ params, look }) => [await look.subjectOfComment(params.id)],
  // A probe reads the provider's configuration and calls it.
  'admin.checkAiProvider': 'nothing',
  // Counts on the work's cards and detail.
  'social.like': ({ params }) => [tag.work(params.id)],
  'social.unlike': ({ params }) => [tag.work(params.id)],
  'social.favor': ({ params }) => [tag.work(params.id)],
  'social.unfavor': ({ params }) => [tag.work(params.id)],
  // The followed maker's fans and the follower's follows.
  'social.follow': ({ params, writer }) => [
    tag.user(params.id),
    writer === null ? undefined : tag.user(writer),
  ],
  'social.unfollow': ({ params, writer }) => [
    tag.user(params.id),
    writer === null ? undefined : tag.user(writer),
  ],
  'comments.put': ({ body }) => [tag.work(body.work_id)],
  'comments.delete': async ({ params, look }) => [await look.subjectOfComment(params.id)],
  'community.create': ({ answer }) => [tag.posts, tag.post(answer.id)],
  'community.update': ({ params }) => [tag.posts, tag.post(params.postId)],
  'community.delete': ({ params }) => [tag.posts, tag.post(params.postId)],
  'community.like': ({ params }) => [tag.post(params.postId)],
  'community.unlike': ({ params }) => [tag.post(params.postId)],
  'community.putComment': ({ body }) => [tag.post(body.post_id)],
  'community.deleteComment': async ({ params, look }) => [await look.subjectOfComment(params.id)],
  // Feedback is read in the console only.
  'feedback.submit': 'nothing',
  'feedback.upload': 'nothing',
  // Notifications are their recipient's.
  'notifications.read': 'nothing',
  'notifications.sendSystem': 'nothing',
} as const satisfies TWriteTable;

function ownerTag(owner: number | undefined): TTag[] {
  return owner === undefined ? [] : [tag.user(owner)];
}

/** Every GET whose visitor answer may be kept (ADR 0018), with what it shows. */
export const KEPT_READS = {
  // Lists of cards; a category page also reads the category tree.
  'feed.home': ({ answer, query }) => [
    tag.works,
    ...cardTags(answer),
    ...(query.category === undefined ? [] : [tag.catalogue]),
  ],
  // The work, its maker (stats, latest works), category and machine names.
  'works.detail': ({ answer }) => [
    tag.work(answer.id),
    tag.user(answer.created_by),
    tag.catalogue,
    ...cardTags(answer.userWorks),
  ],
  // Counts and covers of published works.
  'collections.list': ({ answer }) => [
    tag.works,
    ...answer.map((collection) => tag.collection(collection.id)),
  ],
  'collections.info': ({ params }) => [tag.works, tag.collection(params.id)],
  'collections.works': ({ params, answer }) => [
    tag.works,
    tag.collection(params.id),
    ...cardTags(answer),
  ],
  'catalog.categories': () => [tag.catalogue],
  'catalog.machineGroups': () => [tag.catalogue],
  'catalog.materials': () => [tag.catalogue],
  'banners.list': () => [tag.banners],
} as const satisfies { readonly [N in TApiRouteName]?: TShows<N> };

/**
 * GETs that move a figure a kept answer shows, with what the move changes
 * (ADR 0044): dropped when the route says the figure moved
 * (`request.figureMoved`), not on every read. A download counts once per
 * user and day (SPEC 3 download_count, on the work's cards and detail); the
 * downloader's page reads the count back at once (SPEC 4 file list with
 * download), and their next list of cards, kept (ADR 0034), must not show
 * the old one.
 */
export const COUNTING_READS = {
  'works.download': ({ params }) => [tag.work(params.id)],
} as const satisfies { readonly [N in TReadRouteName]?: TMoves<N> };

export type TCountingReadName = keyof typeof COUNTING_READS;

export function isCountingRead(name: string): name is TCountingReadName {
  return Object.hasOwn(COUNTING_READS, name);
}

export type TKeptRouteName = keyof typeof KEPT_READS;

export function isKeptRoute(name: string): name is TKeptRouteName {
  return Object.hasOwn(KEPT_READS, name);
}

export function isWriteRoute(name: string): name is TWriteRouteName {
  return Object.hasOwn(WRITES, name);
}

/** Search pages (rows of cards), kept by the feed (ADR 0018). */
export const SEARCH_ROWS_SHOW = (rows: readonly { id: number; userId: number }[]): TTag[] => [
  tag.works,
  ...rows.flatMap((row) => [tag.work(row.id), tag.user(row.userId)]),
];
/** A term's matches (ADR 0038) and every visible title (ADR 0039): the visible works' text. */
export const TERM_SETS_SHOW: readonly TTag[] = [tag.works];
export const TITLES_SHOW: readonly TTag[] = [tag.works];
/**
 * A newest-first list's kept order (ADR 0064): which works are visible and
 * when they were published, and for a category its subtree.
 */
export const FEED_ORDER_SHOWS = (categoryId: number | undefined): TTag[] =>
  categoryId === undefined ? [tag.works] : [tag.works, tag.catalogue];
