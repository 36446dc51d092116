import type { TReply, TWorkDetail } from '@layerline/contract';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSessionStore } from '../../stores/session.store';
import { useLoginGuard } from '../social/use-login-guard';
import { participantsOf, type TThread } from './comment-threads';
import { replyPrefix, type TReplyContext } from './reply-target';
import { useCommentActions } from './use-comment-actions';
import { type TCommentList, useCommentList } from './use-comment-list';
import { useHighlight } from './use-highlight';
import { useLinkedComment } from './use-linked-comment';

type TCommentsContext = {
  workId: number;
  list: TCommentList;
  /** SPEC 2 comment badge: comments and replies, from the list once it answered. */
  commentCount: number;
  draft: string;
  setDraft: (text: string) => void;
  replyContext: TReplyContext | null;
  /** SPEC 4: the reply target is a comment or a reply; the input gets '@name '. */
  startReply: (thread: TThread, item: TReply) => void;
  /** The bar's comment button: the list into view and the cursor into the input. */
  focusComposer: () => void;
  inputRef: RefObject<TextAreaRef | null>;
  panelRef: RefObject<HTMLElement | null>;
  highlightedId: number | null;
} & ReturnType<typeof useCommentActions>;

const CommentsContext = createContext<TCommentsContext | null>(null);

export function useComments(): TCommentsContext {
  const value = useContext(CommentsContext);
  if (!value) throw new Error('useComments needs a CommentsProvider');
  return value;
}

/**
 * The comment list and the input of one work's detail, shared by the panel
 * in the modal body and the input in the bottom bar (SPEC 2).
 */
export function CommentsProvider({
  work,
  children,
}: {
  work: Pick<TWorkDetail, 'id' | 'comment_count'>;
  children: ReactNode;
}) {
  const isLogin = useSessionStore((state) => state.isLogin);
  const canAct = useLoginGuard();
  const list = useCommentList(work.id, isLogin);
  const { highlightedId, highlight } = useHighlight();
  useLinkedComment(list, highlight);
  const [draft, setDraft] = useState('');
  const [replyContext, setReplyContext] = useState<TReplyContext | null>(null);
  const inputRef = useRef<TextAreaRef | null>(null);
  const panelRef = useRef<HTMLElement | null>(null);

  const focusInput = useCallback(() => {
    // After React has rendered the new draft, so the cursor lands after it.
    setTimeout(() => {
      const area = inputRef.current?.resizableTextArea?.textArea;
      if (!area) return;
      area.focus();
      area.setSelectionRange(area.value.length, area.value.length);
    }, 0);
  }, []);

  const focusComposer = useCallback(() => {
    if (!canAct()) return;
    panelRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    focusInput();
  }, [canAct, focusInput]);

  const startReply = useCallback(
    (thread: TThread, item: TReply) => {
      if (!canAct()) return;
      setReplyContext({
        threadId: thread.comment.ID,
        targetId: item.ID,
        userId: item.UserID,
        name: item.NickName,
        participants: participantsOf(thread),
      });
      setDraft(replyPrefix(item.NickName));
      focusInput();
    },
    [canAct, focusInput],
  );

  const onSent = useCallback(
    (id: number) => {
      setDraft('');
      setReplyContext(null);
      highlight(id);
    },
    [highlight],
  );

  const actions = useCommentActions({ workId: work.id, list, draft, replyContext, onSent });
  const commentCount = list.state.commentTotal ?? work.comment_count;

  const value = useMemo<TCommentsContext>(
    () => ({
      workId: work.id,
      list,
      commentCount,
      draft,
      setDraft,
      replyContext,
      startReply,
      focusComposer,
      inputRef,
      panelRef,
      highlightedId,
      ...actions,
    }),
    [
      work.id,
      list,
      commentCount,
      draft,
      replyContext,
      startReply,
      focusComposer,
      highlightedId,
      actions,
    ],
  );
  return <CommentsContext.Provider value={value}>{children}</CommentsContext.Provider>;
}
