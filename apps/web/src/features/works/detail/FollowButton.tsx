import '../../../i18n/lazy/social';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { TFollowResult, TFollowState } from '@layerline/contract';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../stores/session.store';
import { isFollowing, useFollowUser } from '../../social/api';

/**
 * SPEC 2 follow button of the author block, the hover card and the follow
 * notifications. SPEC 4: follow, following or mutual (ours: 'follow back'
 * when only the other user follows); it changes after the call succeeded and
 * is debounced by 500 ms. A visitor gets the login dialog (SPEC 6); there is
 * no button for oneself.
 */
export function FollowButton({
  userId,
  state,
  size,
  onFollowed,
}: {
  userId: number;
  state: TFollowState;
  size?: 'small';
  onFollowed?: (result: TFollowResult) => void;
}) {
  const { t } = useTranslation('social');
  const myId = useSessionStore((session) => session.user.userId);
  const { toggle, isPending } = useFollowUser(userId, onFollowed);
  if (myId !== '' && myId === String(userId)) return null;
  const isOn = isFollowing(state);
  return (
    <Button
      type={isOn ? 'default' : 'primary'}
      size={size}
      icon={isOn ? undefined : <PlusOutlined aria-hidden />}
      loading={isPending}
      title={isOn ? t('follow.unfollowHint') : undefined}
      onClick={() => toggle(state)}
      data-testid="follow-button"
      data-state={state}
    >
      {t(`follow.${state}`)}
    </Button>
  );
}
