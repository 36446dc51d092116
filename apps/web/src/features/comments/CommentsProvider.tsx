import type { TReply } from '@layerline/contract';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSessionStore } from '../../stores/session.store';
import { useLoginGuard } from '../social/use-login-guard';
import type { TCommentSubject } from './api';
import { participantsOf, type TThread } from './comment-threads';
import { replyPrefix, type TReplyContext } from './reply-target';
import { useCommentActions } from './use-comment-actions';
import { type TCommentList, useCommentList } from './use-comment-list';
import { useHighlight } from './use-highlight';
import { useLinkedComment } from './use-linked-comment';

type TCommentsContext = {
  subject: TCommentSubject;
  list: TCommentList;
  /** SPEC 2 comment badge: comments and replies, from the list once it answered. */
  commentCount: number;
  draft: string;
  setDraft: (text: string) => void;
  replyContext: TReplyContext | null;
  /** SPEC 4: the reply target is a comment or a reply; the input gets '@name '. */
  startReply: (thread: TThread, item: TReply) => void;
  /** SPEC 4: the comment panel is open or closed; open when the detail opens. */
  isPanelOpen: boolean;
  /** The bar's comment button: opening also brings the list into view and the cursor into the input. */
  togglePanel: () => void;
  /** The id of the panel's collapsible body, for the button's aria-controls. */
  panelBodyId: string;
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
 * The comment list and the input of one subject (ADR 0013): a work's detail,
 * where the panel sits in the modal body and the input in the bottom bar
 * (SPEC 2), or a community post. The subject's new comment and reply count
 * after a comment is sent or deleted goes to its entry (ADR 0049).
 */
export function CommentsProvider({
  subject,
  followLink = true,
  children,
}: {
  subject: TCommentSubject;
  /** Whether a `?comment=` in the address is this list's to page to and highlight. */
  followLink?: boolean;
  children: ReactNode;
}) {
  const isLogin = useSessionStore((state) => state.isLogin);
  const canAct = useLoginGuard();
  const list = useCommentList(subject.kind, subject.id, isLogin);
  const { highlightedId, highlight: highlightItem } = useHighlight();
  // Open by default (wide screens have room for it); the bar's button collapses it.
  const [isPanelOpen, setPanelOpen] = useState(true);
  const panelBodyId = useId();
  // A highlighted item (a notification's link, a comment just sent) must be visible.
  const highlight = useCallback(
    (id: number) => {
      setPanelOpen(true);
      highlightItem(id);
    },
    [highlightItem],
  );
  useLinkedComment(list, highlight, followLink);
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

  // Reading comments is open to visitors (SPEC 6), so the toggle asks nobody to log in;
  // only a logged-in user gets the cursor in the input.
  const togglePanel = useCallback(() => {
    if (isPanelOpen) {
      setPanelOpen(false);
      return;
    }
    setPanelOpen(true);
    panelRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    if (isLogin) focusInput();
  }, [focusInput, isLogin, isPanelOpen]);

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

  const actions = useCommentActions({
    kind: subject.kind,
    subjectId: subject.id,
    list,
    draft,
    replyContext,
    onSent,
  });
  const commentCount = list.state.commentTotal ?? subject.comment_count;

  const value = useMemo<TCommentsContext>(
    () => ({
      subject,
      list,
      commentCount,
      draft,
      setDraft,
      replyContext,
      startReply,
      isPanelOpen,
      togglePanel,
      panelBodyId,
      inputRef,
      panelRef,
      highlightedId,
      ...actions,
    }),
    [
      subject,
      list,
      commentCount,
      draft,
      replyContext,
      startReply,
      isPanelOpen,
      togglePanel,
      panelBodyId,
      highlightedId,
      actions,
    ],
  );
  return <CommentsContext.Provider value={value}>{children}</CommentsContext.Provider>;
}
