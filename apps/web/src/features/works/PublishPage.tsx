import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StandaloneFrame } from '../../app/layout/StandaloneFrame';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** SPEC 2 /publish: creation center; ?productId switches to editing that work. */
export function PublishPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const productId = params.get('productId');
  const title = productId ? t('publish.editTitle', { id: productId }) : t('publish.title');
  return (
    <StandaloneFrame>
      <div className="page page--narrow" data-product-id={productId ?? undefined}>
        <PagePlaceholder
          title={title}
          description={t('publish.body')}
          icon={<CloudUploadOutlined />}
        />
      </div>
    </StandaloneFrame>
  );
}
