/**
 * A signed-in reader's work detail from the visitor's kept one (ADR 0065):
 * the detail is the same for every reader of a published work (SPEC 3)
 * but for the reader's own flags, is_like, is_favor, is_follow and
 * follow_state, and is_like on the author's latest works (userWorks). Those
 * are read for the reader in one statement and put into the kept value, as
 * the list pages put in their likes (ADR 0034).
 */

import type { TReaderText } from './reader-bytes';

/** A reader's flags on one work's detail (SocialStateReader.viewerOfWork). */
export type TReaderOfWork = (
  viewerId: number,
  work: { id: number; authorId: number; cardIds: readonly number[] },
) => Promise<{ liked: Set<number>; isFavor: boolean; isFollow: boolean; followState: string }>;

type TCard = { id: number; is_like: boolean } & Record<string, unknown>;
type TDetail = {
  id: number;
  created_by: number;
  is_like: boolean;
  is_favor: boolean;
  is_follow: boolean;
  follow_state: string;
  userWorks: TCard[];
} & Record<string, unknown>;

/** The kept detail's parsed envelope, where a reader's flags go. */
export type TPersonalDetail = { envelope: { data: TDetail } & Record<string, unknown> };

/**
 * The kept detail as a reader's flags are put in: undefined when it is no
 * visitor's detail (any flag set), or when serialising its value does not
 * give its bytes back; signed-in readers of it are then answered by the route.
 */
export function personalDetailOf(body: string, value: unknown): TPersonalDetail | undefined {
  const data = (value as { data?: Partial<TDetail> } | null)?.data;
  if (!data || typeof data.id !== 'number' || typeof data.created_by !== 'number') return undefined;
  const visitorFlags =
    data.is_like === false &&
    data.is_favor === false &&
    data.is_follow === false &&
    data.follow_state === 'none';
  const cards = data.userWorks;
  if (!visitorFlags || !Array.isArray(cards)) return undefined;
  if (!cards.every((card) => card.is_like === false && typeof card.id === 'number')) {
    return undefined;
  }
  if (JSON.stringify(value) !== body) return undefined;
  return { envelope: value as TPersonalDetail['envelope'] };
}

/** The reader's detail: the kept one with their own flags, serialised as the route does. */
export async function personalisedDetail(
  detail: TPersonalDetail,
  viewerId: number,
  readerOf: TReaderOfWork,
): Promise<TReaderText> {
  const { data } = detail.envelope;
  const reader = await readerOf(viewerId, {
    id: data.id,
    authorId: data.created_by,
    cardIds: data.userWorks.map((card) => card.id),
  });
  const liked = [data.id, ...data.userWorks.map((card) => card.id)].filter((id) =>
    reader.liked.has(id),
  );
  const isVisitor =
    liked.length === 0 && !reader.isFavor && !reader.isFollow && reader.followState === 'none';
  const flags = isVisitor
    ? ''
    : `${liked.join(',')}|${reader.isFavor}|${reader.isFollow}|${reader.followState}`;
  const text = () =>
    JSON.stringify({
      ...detail.envelope,
      data: {
        ...data,
        is_like: reader.liked.has(data.id),
        is_favor: reader.isFavor,
        is_follow: reader.isFollow,
        follow_state: reader.followState,
        userWorks: data.userWorks.map((card) =>
          reader.liked.has(card.id) ? { ...card, is_like: true } : card,
        ),
      },
    });
  return { flags, text };
}
