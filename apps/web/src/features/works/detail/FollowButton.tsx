import '../../../i18n/lazy/social';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { TFollowState } from '@layerline/contract';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useFollowButton } from '../../social/use-follow-button';

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
  const follow = useFollowButton(userId, answered);
  if (!follow) return null;
  const { state, isOn, isPending, toggle } = follow;
  return (
    <Button
      type={isOn ? 'default' : 'primary'}
      size={size}
      icon={isOn ? undefined : <PlusOutlined aria-hidden />}
      loading={isPending}
      title={isOn ? t('follow.unfollowHint') : undefined}
      onClick={toggle}
      data-testid="follow-button"
      data-state={state}
    >
      {t(`follow.${state}`)}
    </Button>
  );
}
