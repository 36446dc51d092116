import '../../i18n/lazy/comments';
import type { TReply } from '@layerline/contract';
import Button from 'antd/es/button';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';
import { ReportButton } from '../reports/ReportButton';
import { TimeAgo } from '../social/TimeAgo';
import { displayNickname } from '../works/work-format';

/**
 * One comment or reply (SPEC 3 fields): avatar, name, time (SPEC 9), the
 * text, and reply, report (ADR 0014) and delete (when `canDelete`, SPEC 6). A highlighted one
 * scrolls into view.
 */
export function CommentEntry({
  item,
  kind,
  isHighlighted,
  canDelete,
  onReply,
  onDelete,
  children,
}: {
  item: TReply;
  kind: 'comment' | 'reply';
  isHighlighted: boolean;
  canDelete: boolean;
  onReply: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('comments');
  const ref = useRef<HTMLLIElement>(null);
  const name = displayNickname(item.NickName);
  // A reply to a reply names whom it answers; a reply to the comment needs no name.
  const answers = kind === 'reply' && item.reply_to !== '' && item.reply_to_id !== item.parent_id;

  useEffect(() => {
    if (isHighlighted) ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [isHighlighted]);

  return (
    <li
      ref={ref}
      className={`comment-item comment-item--${kind}${isHighlighted ? ' is-highlighted' : ''}`}
      data-testid="comment-item"
      data-comment-id={item.ID}
      data-comment-kind={kind}
      data-highlighted={isHighlighted ? 'true' : undefined}
    >
      <UserAvatar src={item.Avatar} size={kind === 'reply' ? 28 : 36} alt="" />
      <div className="comment-item__body">
        <div className="comment-item__head">
          <span className="comment-item__name">{name}</span>
          <TimeAgo className="comment-item__time" value={item.CreatedAt} />
        </div>
        <p className="comment-item__content">
          {answers && (
            <span className="comment-item__target">
              {t('replyTarget', { name: displayNickname(item.reply_to) })}
            </span>
          )}
          {item.Content}
        </p>
        <div className="comment-item__actions">
          <Button
            type="link"
            size="small"
            onClick={onReply}
            aria-label={t('replyTo', { name })}
            data-testid="reply-button"
          >
            {t('reply')}
          </Button>
          <ReportButton kind="comment" id={item.ID} authorId={item.UserID} />
          {canDelete && (
            <Button type="link" size="small" danger onClick={onDelete} data-testid="comment-delete">
              {t('delete')}
            </Button>
          )}
        </div>
        {children}
      </div>
    </li>
  );
}
