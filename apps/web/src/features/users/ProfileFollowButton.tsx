import '../../i18n/lazy/social';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { TFollowState } from '@layerline/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useFollowButton } from '../social/use-follow-button';

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
  const follow = useFollowButton(userId, answered);
  if (!follow) return null;
  const { state, isOn, isPending, toggle } = follow;
  return (
    <Button
      variant={isOn ? 'default' : 'primary'}
      icon={isOn ? undefined : <PlusOutlined />}
      isLoading={isPending}
      title={isOn ? t('follow.unfollowHint') : undefined}
      onClick={toggle}
      data-testid="follow-button"
      data-state={state}
    >
      {t(`follow.${state}`)}
    </Button>
  );
}
