import BellOutlined from '@ant-design/icons/BellOutlined';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** SPEC 2 /inform: notifications of kinds comment, liked, favor, follow, system. */
export function NotificationsPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="page">
      <PagePlaceholder
        title={t('inform.title')}
        description={t('inform.body')}
        icon={<BellOutlined />}
      />
    </div>
  );
}
