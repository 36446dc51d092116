import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { linkedComment } from './comment-link';
import { shownReplies, type TThread } from './comment-threads';
import type { TCommentList } from './use-comment-list';

/** Ours: how far the panel pages and opens a thread to find a linked comment. */
const MAX_PAGES = 10;
const MAX_EXPANSIONS = 40;

const isShown = (thread: TThread | null | undefined, id: number) =>
  Boolean(thread && shownReplies(thread).some((reply) => reply.ID === id));

/**
 * A comment linked from a notification (`?comment=ID&thread=ID` on /work/:id)
 * is paged to, its thread opened as far as needed, then highlighted for
 * 3000 ms, which scrolls it into view (SPEC 4, SPEC 9). Once per address.
 */
export function useLinkedComment(list: TCommentList, highlight: (id: number) => void) {
  const [search] = useSearchParams();
  const target = linkedComment(search);
  const id = target?.id ?? 0;
  const threadId = target?.threadId ?? 0;
  const isReady = list.state.status === 'ready';
  const handled = useRef<string | null>(null);
  const { loadMore, findThread, expandReplies } = list;

  useEffect(() => {
    const key = `${threadId}/${id}`;
    if (!id || !isReady || handled.current === key) return;
    handled.current = key;
    void (async () => {
      for (let page = 0; !findThread(threadId) && page < MAX_PAGES; page += 1) {
        if (!(await loadMore())) break;
      }
      let thread: TThread | null = findThread(threadId) ?? null;
      if (!thread) return;
      for (let step = 0; thread && id !== threadId && !isShown(thread, id); step += 1) {
        if (step >= MAX_EXPANSIONS) return;
        thread = await expandReplies(threadId);
      }
      if (id === threadId || isShown(thread, id)) highlight(id);
    })();
  }, [expandReplies, findThread, highlight, id, isReady, loadMore, threadId]);
}
