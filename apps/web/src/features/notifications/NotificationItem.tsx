import BellOutlined from '@ant-design/icons/BellOutlined';
import type { TNotification } from '@layerline/contract';
import Avatar from 'antd/es/avatar';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar';
import { TimeAgo } from '../social/TimeAgo';
import { FollowButton } from '../works/detail/FollowButton';
import { OPENED_IN_APP } from '../works/use-open-work';
import { notificationTarget } from './notification-target';

/** The wording after the name: about a work, or (ADR 0013) about a community post. */
function actionKey(item: TNotification) {
  const onPost = item.post_id !== null;
  if (item.kind === 'comment') {
    const key = item.is_reply ? 'reply' : 'comment';
    return onPost ? (`postActions.${key}` as const) : (`actions.${key}` as const);
  }
  if (item.kind === 'liked' && onPost) return 'postActions.liked' as const;
  return item.kind === 'system' ? null : (`actions.${item.kind}` as const);
}

/**
 * One notification: who, what, on which work, post or comment, when (SPEC 9 time
 * display) and whether it was read. A follower can be followed back.
 */
export function NotificationItem({ item }: { item: TNotification }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const target = notificationTarget(item);
  const action = actionKey(item);
  const isSystem = item.kind === 'system';
  const isPost = item.post_id !== null;
  // A post shows its text's start and first image where a work shows its title and cover.
  const picture = isPost ? item.post_image : item.work_cover;

  const open = () => {
    if (target) void navigate(target, { state: OPENED_IN_APP });
  };

  return (
    <li
      className={`notification-item${item.is_read ? '' : ' is-unread'}`}
      data-testid="notification-item"
      data-kind={item.kind}
      data-read={String(item.is_read)}
    >
      <button type="button" className="notification-item__main" onClick={open} disabled={!target}>
        <span aria-hidden="true">
          {isSystem ? (
            <Avatar size={40} icon={<BellOutlined />} className="notification-item__system" />
          ) : (
            <UserAvatar src={item.avatar} size={40} alt="" />
          )}
        </span>
        <span className="notification-item__body">
          <span className="notification-item__line">
            <strong>{isSystem ? item.title || t('system') : item.nickname}</strong>
            {action && ' '}
            {action && <span>{t(action)}</span>}
          </span>
          {item.content && <span className="notification-item__content">{item.content}</span>}
          {!isPost && item.work_title && !isSystem && (
            <span className="notification-item__work">{t('work', { title: item.work_title })}</span>
          )}
          {isPost && item.post_excerpt && (
            <span className="notification-item__work notification-item__post">
              {t('post', { excerpt: item.post_excerpt })}
            </span>
          )}
          <TimeAgo className="notification-item__time" value={item.CreatedAt} />
        </span>
        {picture && (
          // Decorative (the title or excerpt is in the text), and inside a button: a plain image.
          <img
            src={picture}
            alt=""
            loading="lazy"
            className="notification-item__cover"
            onError={(event) => {
              event.currentTarget.style.visibility = 'hidden';
            }}
          />
        )}
        {!item.is_read && (
          <span className="notification-item__dot">
            <span className="visually-hidden">{t('unread')}</span>
          </span>
        )}
      </button>
      {item.kind === 'follow' && item.user_id !== null && (
        <FollowButton
          userId={item.user_id}
          state={item.is_follow ? 'mutual' : 'follow_back'}
          size="small"
        />
      )}
    </li>
  );
}
