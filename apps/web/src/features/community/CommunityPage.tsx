import MessageOutlined from '@ant-design/icons/MessageOutlined';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** SPEC 2 /community: recommend, square and my activity. */
export function CommunityPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="page">
      <PagePlaceholder
        title={t('community.title')}
        description={t('community.body')}
        icon={<MessageOutlined />}
      />
    </div>
  );
}
