import '../../i18n/lazy/comments';
import SendOutlined from '@ant-design/icons/SendOutlined';
import { LIMITS } from '@layerline/contract';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SuspendedHint, useSuspendedReason } from '../../components/SuspendedHint';
import { useSessionStore } from '../../stores/session.store';
import { useLoginGuard } from '../social/use-login-guard';
import { useComments } from './CommentsProvider';

/**
 * SPEC 2 comment input of the bottom bar. SPEC 5: content is required, send
 * is disabled while the trimmed text (without a reply's '@name ') is empty.
 * Enter sends (Ctrl or Cmd + Enter too), Shift + Enter starts a new line, in
 * comments, replies and post comments alike; Enter that confirms a Chinese
 * input method's word is the input method's. A visitor gets the login dialog (SPEC 6). A
 * suspended account's box and Send are disabled with the reason beside them
 * (ADR 0014), for comments and replies alike.
 */
export function CommentComposer() {
  const { t } = useTranslation('comments');
  const isLogin = useSessionStore((state) => state.isLogin);
  const canAct = useLoginGuard();
  const { draft, setDraft, replyContext, inputRef, canSend, isSending, send } = useComments();
  const suspended = useSuspendedReason();
  const hintId = useId();

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey) return;
    // keyCode 229: the key went to an input method (Chinese, Japanese) still composing.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    if (canSend && !suspended && !isSending) void send();
  };

  let placeholder = t('input.placeholder');
  if (!isLogin) placeholder = t('input.visitorPlaceholder');
  else if (replyContext) placeholder = t('input.replyPlaceholder', { name: replyContext.name });

  const composer = (
    <div className="comment-composer">
      <Input.TextArea
        ref={inputRef}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={handleKeyDown}
        onMouseDown={(event) => {
          if (!isLogin) {
            event.preventDefault();
            canAct();
          }
        }}
        readOnly={!isLogin}
        disabled={suspended !== null}
        aria-describedby={suspended !== null ? hintId : undefined}
        placeholder={placeholder}
        aria-label={t('input.label')}
        autoSize={{ minRows: 1, maxRows: 4 }}
        maxLength={LIMITS.commentMaxLength}
        className="comment-composer__input"
        data-testid="comment-input"
      />
      <Button
        type="primary"
        icon={<SendOutlined aria-hidden />}
        disabled={!canSend || suspended !== null}
        loading={isSending}
        onClick={() => void send()}
        data-testid="comment-send"
      >
        {t('input.send')}
      </Button>
    </div>
  );
  if (suspended === null) return composer;
  return (
    <div className="comment-composer comment-composer--suspended">
      {composer}
      <SuspendedHint reason={suspended} id={hintId} />
    </div>
  );
}
