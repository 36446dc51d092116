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
 * A comment linked from a notification (`?comment=ID&thread=ID` on /work/:id,
 * `?post=ID&comment=ID` on /community) is paged to, its thread opened as far
 * as needed, then highlighted for 3000 ms, which scrolls it into view
 * (SPEC 4, SPEC 9). A reply linked without its thread is found when it is
 * the first reply of a loaded thread. Once per address.
 */
export function useLinkedComment(
  list: TCommentList,
  highlight: (id: number) => void,
  enabled = true,
) {
  const [search] = useSearchParams();
  const target = enabled ? linkedComment(search) : null;
  const id = target?.id ?? 0;
  const threadId = target?.threadId ?? 0;
  const isReady = list.state.status === 'ready';
  const handled = useRef<string | null>(null);
  const { loadMore, findThread, findThreadOfReply, expandReplies } = list;

  useEffect(() => {
    const key = `${threadId}/${id}`;
    if (!id || !isReady || handled.current === key) return;
    handled.current = key;
    void (async () => {
      const isFound = () =>
        Boolean(findThread(threadId) || (id === threadId && findThreadOfReply(id)));
      for (let page = 0; !isFound() && page < MAX_PAGES; page += 1) {
        if (!(await loadMore())) break;
      }
      let thread: TThread | null = findThread(threadId) ?? null;
      if (!thread && id === threadId && findThreadOfReply(id)) {
        highlight(id);
        return;
      }
      if (!thread) return;
      for (let step = 0; thread && id !== threadId && !isShown(thread, id); step += 1) {
        if (step >= MAX_EXPANSIONS) return;
        thread = await expandReplies(threadId);
      }
      if (id === threadId || isShown(thread, id)) highlight(id);
    })();
  }, [expandReplies, findThread, findThreadOfReply, highlight, id, isReady, loadMore, threadId]);
}
