import '../../../i18n/lazy/social';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { TFollowState } from '@layerline/contract';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useMakerState } from '../../../entities/makers';
import { useSessionStore } from '../../../stores/session.store';
import { isFollowing, useFollowUser } from '../../social/api';

/**
 * SPEC 2 follow button of the author block, the hover card and the follow
 * notifications. SPEC 4: follow, following or mutual (ours: 'follow back'
 * when only the other user follows); it changes after the call succeeded and
 * is debounced by 500 ms. A visitor gets the login dialog (SPEC 6); there is
 * no button for oneself. `state` is what the caller's answer says; the
 * maker's entry, once a follow changed it, wins (ADR 0049).
 */
export function FollowButton({
  userId,
  state: answered,
  size,
}: {
  userId: number;
  state: TFollowState;
  size?: 'small';
}) {
  const { t } = useTranslation('social');
  const myId = useSessionStore((session) => session.user.userId);
  const state = useMakerState(userId, { follow_state: answered }).follow_state ?? answered;
  const { toggle, isPending } = useFollowUser(userId);
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
