import { users, works } from '../db/schema';

/**
 * The columns of a work card (SPEC 2: cover, title, creator, like and
 * download counts), read by every list of cards (works, feed, collections,
 * likes and favourites). No summary and no update time: lists read 50 cards
 * a page, and the summary was most of a row's bytes. The query joins
 * `users` on the work's author.
 */
export const cardColumns = {
  id: works.id,
  title: works.title,
  cover: works.cover,
  coverThumb: works.coverThumb,
  userId: works.userId,
  likeCount: works.likeCount,
  favorCount: works.favorCount,
  downloadCount: works.downloadCount,
  commentCount: works.commentCount,
  status: works.status,
  rejectionReason: works.rejectionReason,
  createdAt: works.createdAt,
  nickname: users.nickname,
  email: users.email,
  avatar: users.avatar,
};
export type TCardRow = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'];
};
