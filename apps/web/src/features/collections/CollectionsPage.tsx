import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** SPEC 2 /collections/:id: the works of one collection. */
export function CollectionsPage() {
  const { t } = useTranslation('pages');
  const { id = '' } = useParams();
  return (
    <div className="page" data-collection-id={id}>
      <PagePlaceholder
        title={t('collection.title')}
        description={t('collection.body')}
        icon={<AppstoreOutlined />}
      />
    </div>
  );
}
