import UserOutlined from '@ant-design/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** SPEC 2 /userInfor/:id: works, collections and liked works of a maker. */
export function UserInformationPage() {
  const { t } = useTranslation('pages');
  const { id = '' } = useParams();
  return (
    <div className="page" data-user-id={id}>
      <PagePlaceholder
        title={t('profile.title')}
        description={t('profile.body')}
        icon={<UserOutlined />}
      />
    </div>
  );
}
