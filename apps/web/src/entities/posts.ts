import type { TPost } from '@layerline/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { entityKey, noteAnswers, readEntry, useEntry, writeEntry } from './entity-cache';

/**
 * What changes on a community post while it is shown (ADR 0013): its like
 * and comment counts, the viewer's like, an edit by its author. `removed`:
 * it was deleted, and every card of it goes.
 */
export type TPostState = Partial<TPost> & { removed?: boolean };

/** The mutations of one post share its key, so an answer asked meanwhile leaves its entry alone. */
export const postMutationKey = (id: number) => entityKey('post', id);

/** What an answer says of a post: all of it (its text and pictures change with an edit). */
function postStateOf(post: TPost): TPostState {
  const { activity: _activity, activity_at: _activityAt, ...state } = post;
  // Why a post is in my activity is the list's, not the post's.
  return state;
}

/** `post` as it is now; the same object while there is no entry. Every card of a post reads it through this. */
export function usePostState(post: TPost): TPost & { removed?: boolean } {
  const entry = useEntry<TPostState>('post', post.id);
  return useMemo(() => (entry ? { ...post, ...entry } : post), [post, entry]);
}

export function readPostState(queryClient: QueryClient, id: number): TPostState | undefined {
  return readEntry<TPostState>(queryClient, 'post', id);
}

/** A change to one post (a like, a comment count, an edit), shown on every card of it. Counts stay >= 0. */
export function patchPostState(queryClient: QueryClient, id: number, patch: TPostState): void {
  const next = { ...patch };
  if (next.like !== undefined) next.like = Math.max(0, next.like);
  if (next.comment_count !== undefined) next.comment_count = Math.max(0, next.comment_count);
  writeEntry<TPostState>(queryClient, 'post', id, next);
}

export function removePost(queryClient: QueryClient, id: number): void {
  writeEntry<TPostState>(queryClient, 'post', id, { removed: true });
}

/** Posts an answer asked for at `askedAt` shows; `create`: it is the post's own answer (its dialog). */
export function notePosts(
  queryClient: QueryClient,
  posts: readonly TPost[],
  askedAt: number,
  options?: { create?: boolean },
): void {
  noteAnswers<TPostState>(
    queryClient,
    'post',
    posts.map((post) => ({ id: post.id, state: postStateOf(post) })),
    askedAt,
    options,
  );
}
