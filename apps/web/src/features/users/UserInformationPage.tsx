import UserOutlined from '@ant-design/icons/UserOutlined';
import Alert from 'antd/es/alert';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EDIT_PROFILE_PARAM } from '../../app/paths';
import { PagePlaceholder } from '../../components/PagePlaceholder';
import { useSessionStore } from '../../stores/session.store';
import { ProfileCard } from './ProfileCard';
import './profile.css';

// The editor brings the date picker and the form rules: its own chunk.
const EditProfileDialog = lazy(async () => ({
  default: (await import('./EditProfileDialog')).EditProfileDialog,
}));

const EDITING = 'profile';

/**
 * SPEC 2 /userInfor/:id. One's own profile shows its head and opens the
 * editor (`?edit=profile`); the works, collections and liked tabs come with
 * the discovery data.
 */
export function UserInformationPage() {
  const { t } = useTranslation(['pages', 'profile']);
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const myId = useSessionStore((state) => state.user.userId);
  const isOwn = myId !== '' && id === myId;
  const isEditRequested = params.get(EDIT_PROFILE_PARAM) === EDITING;

  const openEditor = () => setParams({ [EDIT_PROFILE_PARAM]: EDITING });
  const closeEditor = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(EDIT_PROFILE_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="page" data-user-id={id}>
      <PagePlaceholder
        title={t('profile.title')}
        description={t('profile.body')}
        icon={<UserOutlined />}
      >
        {/* SPEC 5: only one's own profile may be edited. */}
        {isEditRequested && myId !== '' && !isOwn && (
          <Alert type="warning" showIcon title={t('profile:errors.editOwnProfileOnly')} />
        )}
        {isOwn && <ProfileCard onEdit={openEditor} />}
      </PagePlaceholder>
      {isEditRequested && isOwn && (
        <Suspense fallback={null}>
          <EditProfileDialog onClose={closeEditor} />
        </Suspense>
      )}
    </div>
  );
}
