import BellOutlined from '@ant-design/icons/BellOutlined';
import type { TFollowResult, TNotification } from '@layerline/contract';
import Avatar from 'antd/es/avatar';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar';
import { TimeAgo } from '../social/TimeAgo';
import { FollowButton } from '../works/detail/FollowButton';
import { OPENED_IN_APP } from '../works/use-open-work';
import { notificationTarget } from './notification-target';

function actionKey(item: TNotification) {
  if (item.kind === 'comment') return item.is_reply ? 'reply' : 'comment';
  return item.kind === 'system' ? null : item.kind;
}

/**
 * One notification: who, what, on which work or comment, when (SPEC 9 time
 * display) and whether it was read. A follower can be followed back.
 */
export function NotificationItem({
  item,
  onFollowed,
}: {
  item: TNotification;
  onFollowed: (result: TFollowResult) => void;
}) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const target = notificationTarget(item);
  const action = actionKey(item);
  const isSystem = item.kind === 'system';

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
            {action && <span>{t(`actions.${action}`)}</span>}
          </span>
          {item.content && <span className="notification-item__content">{item.content}</span>}
          {item.work_title && !isSystem && (
            <span className="notification-item__work">{t('work', { title: item.work_title })}</span>
          )}
          <TimeAgo className="notification-item__time" value={item.CreatedAt} />
        </span>
        {item.work_cover && (
          // Decorative (the title is in the text), and inside a button: a plain image.
          <img
            src={item.work_cover}
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
          onFollowed={onFollowed}
        />
      )}
    </li>
  );
}
