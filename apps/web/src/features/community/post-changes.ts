import type { TPost } from '@layerline/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TPostsPage } from './api';

/**
 * A change to one post, told to every mounted list and dialog showing it
 * (the feed tabs, a profile's posts, search results): its new fields (a
 * like, a comment count, an edit), or that it was deleted. Values are
 * absolute, so applying one twice changes nothing.
 */
export type TPostChange = { id: number; patch?: Partial<TPost>; removed?: boolean };

const POST_CHANGE_EVENT = 'layerline:post-change';

export function publishPostChange(change: TPostChange): void {
  window.dispatchEvent(new CustomEvent<TPostChange>(POST_CHANGE_EVENT, { detail: change }));
}

export function usePostChanges(onChange: (change: TPostChange) => void): void {
  // The latest handler, so a caller need not memoise it.
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    const listener = (event: Event) => {
      const change = (event as CustomEvent<unknown>).detail;
      if (change && typeof change === 'object' && typeof (change as TPostChange).id === 'number') {
        handler.current(change as TPostChange);
      }
    };
    window.addEventListener(POST_CHANGE_EVENT, listener);
    return () => window.removeEventListener(POST_CHANGE_EVENT, listener);
  }, []);
}

/** The post with the change applied; the same object when it is another post. Counts stay >= 0. */
export function applyPostChange(post: TPost, change: TPostChange): TPost {
  if (post.id !== change.id || !change.patch) return post;
  const next = { ...post, ...change.patch };
  next.like = Math.max(0, next.like);
  next.comment_count = Math.max(0, next.comment_count);
  return next;
}

/** Loaded pages of a list with the change applied (a deleted post leaves); the same object when unchanged. */
export function patchPostPages<TPage extends TPostsPage>(
  data: InfiniteData<TPage, number> | undefined,
  change: TPostChange,
): InfiniteData<TPage, number> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.data.some((post) => post.id === change.id)) return page;
    changed = true;
    const posts = change.removed
      ? page.data.filter((post) => post.id !== change.id)
      : page.data.map((post) => applyPostChange(post, change));
    return { ...page, data: posts };
  });
  return changed ? { ...data, pages } : data;
}
