import type { API_ENDPOINTS, API_ROUTES, TApiRouteName } from '@layerline/contract';
import type { z } from 'zod';

/**
 * What a kept answer shows and what a write changes, as entity tags (ADR
 * 0044): a write drops exactly the kept answers that show one of its tags.
 *
 * - `work:<id>`: one work: its fields, counters, comments and whether it is
 *   visible at all.
 * - `works`: which works are visible, their order and their text (lists,
 *   totals, searches, collections' counts).
 * - `user:<id>`: one maker's public face: nickname, avatar, bio, tag, follow
 *   and work counts, latest works.
 * - `post:<id>` / `posts`: one community post; which posts are visible.
 * - `collection:<id>`, `catalogue` (categories, machines, materials),
 *   `banners`.
 */
export type TTag =
  | `work:${number}`
  | `user:${number}`
  | `post:${number}`
  | `collection:${number}`
  | 'works'
  | 'posts'
  | 'catalogue'
  | 'banners';

export const tag = {
  work: (id: number): TTag => `work:${id}`,
  user: (id: number): TTag => `user:${id}`,
  post: (id: number): TTag => `post:${id}`,
  collection: (id: number): TTag => `collection:${id}`,
  works: 'works',
  posts: 'posts',
  catalogue: 'catalogue',
  banners: 'banners',
} as const;

/** The tag kinds, for checking tags that arrive from another instance. */
export const TAG_PATTERN = /^(?:(?:work|user|post|collection):\d+|works|posts|catalogue|banners)$/;

/** What a work card shows: the work, and its maker's nickname and avatar. */
export function cardTags(cards: readonly { id: number; created_by: number }[]): TTag[] {
  return cards.flatMap((card) => [tag.work(card.id), tag.user(card.created_by)]);
}

/** Every endpoint that writes: any method but GET (the contract's `method` field). */
export type TWriteRouteName = {
  [N in TApiRouteName]: (typeof API_ROUTES)[N]['method'] extends 'GET' ? never : N;
}[TApiRouteName];

type TSchemas<N extends TApiRouteName> = (typeof API_ENDPOINTS)[N];
type TOut<S> = S extends z.ZodType ? z.output<S> : undefined;
export type TParamsOf<N extends TApiRouteName> = TOut<
  TSchemas<N> extends { params: infer P } ? P : undefined
>;
export type TQueryOf<N extends TApiRouteName> = TOut<
  TSchemas<N> extends { query: infer Q } ? Q : undefined
>;
export type TBodyOf<N extends TApiRouteName> = TOut<
  TSchemas<N> extends { body: infer B } ? B : undefined
>;
/** The `data` of an endpoint's 200 answer. */
export type TAnswerOf<N extends TApiRouteName> =
  TOut<TSchemas<N> extends { response: infer R } ? R : undefined> extends { data: infer D }
    ? D
    : undefined;

/**
 * Facts a write's tags need that neither its input nor its answer holds,
 * read after it committed (kept-answers.repository).
 */
export type TChangeLookups = {
  /** The maker of a work; undefined when there is no such work. */
  ownerOfWork(workId: number): Promise<number | undefined>;
  /** What a comment is on (a deleted one too). */
  subjectOfComment(commentId: number): Promise<TTag | undefined>;
};

/** What a write's tags are computed from: its validated input, its answer, its writer. */
export type TWritten<N extends TApiRouteName> = {
  params: TParamsOf<N>;
  body: TBodyOf<N>;
  answer: TAnswerOf<N>;
  /** The signed-in writer, null for a visitor's write. */
  writer: number | null;
  look: TChangeLookups;
};

/**
 * What a write changes: `nothing` any kept answer could show (sessions,
 * uploads, AI jobs, notifications, private history), or its tags.
 */
export type TChange<N extends TApiRouteName> =
  | 'nothing'
  | ((
      written: TWritten<N>,
    ) => readonly (TTag | undefined)[] | Promise<readonly (TTag | undefined)[]>);

/** The complete table's type: every write endpoint, each with its own input types. */
export type TWriteTable = { readonly [N in TWriteRouteName]: TChange<N> };

/** What a kept read's tags are computed from. */
export type TShown<N extends TApiRouteName> = {
  params: TParamsOf<N>;
  query: TQueryOf<N>;
  answer: TAnswerOf<N>;
};

export type TShows<N extends TApiRouteName> = (shown: TShown<N>) => readonly TTag[];

/** Every endpoint that reads: GET (the contract's `method` field). */
export type TReadRouteName = Exclude<TApiRouteName, TWriteRouteName>;

/**
 * What a GET that moved a figure changes (a download's count), from its
 * validated params; only asked when the route says the figure moved.
 */
export type TMoves<N extends TApiRouteName> = (moved: { params: TParamsOf<N> }) => readonly TTag[];
