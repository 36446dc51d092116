import '../../i18n/lazy/social';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { TFollowState } from '@layerline/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useMakerState } from '../../entities/makers';
import { useSessionStore } from '../../stores/session.store';
import { isFollowing, useFollowUser } from '../social/api';

/**
 * The profile head's follow button: the work detail's FollowButton (SPEC 4
 * follow, following or mutual; the login dialog for a visitor, SPEC 6; none
 * for oneself; the maker's entry wins once a follow changed it, ADR 0049)
 * drawn with our own button, so the profile's first screen needs no antd
 * (ADR 0058).
 */
export function ProfileFollowButton({
  userId,
  state: answered,
}: {
  userId: number;
  state: TFollowState;
}) {
  const { t } = useTranslation('social');
  const myId = useSessionStore((session) => session.user.userId);
  const state = useMakerState(userId, { follow_state: answered }).follow_state ?? answered;
  const { toggle, isPending } = useFollowUser(userId);
  if (myId !== '' && myId === String(userId)) return null;
  const isOn = isFollowing(state);
  return (
    <Button
      variant={isOn ? 'default' : 'primary'}
      icon={isOn ? undefined : <PlusOutlined />}
      isLoading={isPending}
      title={isOn ? t('follow.unfollowHint') : undefined}
      onClick={() => toggle(state)}
      data-testid="follow-button"
      data-state={state}
    >
      {t(`follow.${state}`)}
    </Button>
  );
}
