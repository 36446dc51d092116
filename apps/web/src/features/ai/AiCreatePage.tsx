import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { StandaloneFrame } from '../../app/layout/StandaloneFrame';
import { PagePlaceholder } from '../../components/PagePlaceholder';

const MACHINES = ['laser', 'printer3d', 'uvPrinter'] as const;

/** SPEC 2 /aiCreate: AI creation with laser, 3D printer and UV printer tabs; open to visitors. */
export function AiCreatePage() {
  const { t } = useTranslation('pages');
  return (
    <StandaloneFrame>
      <div className="page page--narrow">
        <PagePlaceholder
          title={t('aiCreate.title')}
          description={t('aiCreate.body')}
          icon={<ExperimentOutlined />}
        >
          <Tabs
            items={MACHINES.map((machine) => ({
              key: machine,
              label: t(`aiCreate.tabs.${machine}`),
            }))}
          />
        </PagePlaceholder>
      </div>
    </StandaloneFrame>
  );
}
