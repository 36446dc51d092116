import type { TAiProviderCheck, TAiProviderId, TAiProviderStatus } from '@layerline/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { checkAiProvider, useAiProviders } from './api';

/**
 * README "AI providers" in the console: which services are configured, where
 * they are, the variables that set them, and a test that asks the server to
 * call one (the server decides who may: moderators and admins).
 */
export function AiProvidersTab() {
  const { t } = useTranslation('admin');
  const providers = useAiProviders();
  if (providers.isLoading) return <Spin className="admin-list__loading" />;
  if (!providers.data) return <Alert type="error" title={t('common.loadFailed')} showIcon />;
  return (
    <div className="admin-ai" data-testid="admin-ai-providers">
      <p>{t('ai.intro')}</p>
      <ul className="admin-ai__list">
        {providers.data.map((provider) => (
          <ProviderRow key={provider.id} provider={provider} />
        ))}
      </ul>
    </div>
  );
}

function ProviderRow({ provider }: { provider: TAiProviderStatus }) {
  const { t } = useTranslation('admin');
  const [check, setCheck] = useState<TAiProviderCheck | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);

  const test = async (id: TAiProviderId) => {
    setChecking(true);
    setFailure(null);
    try {
      setCheck(await checkAiProvider(id));
    } catch (error) {
      setFailure(isApiError(error) && error.message ? error.message : t('common.loadFailed'));
    } finally {
      setChecking(false);
    }
  };

  return (
    <li className="admin-ai__item" data-testid={`admin-ai-${provider.id}`}>
      <div className="admin-ai__head">
        <strong>{t(`ai.names.${provider.id}`)}</strong>
        <Tag color={provider.configured ? 'green' : 'default'}>
          {provider.configured ? t('ai.configured') : t('ai.notConfigured')}
        </Tag>
        <Button size="small" loading={isChecking} onClick={() => void test(provider.id)}>
          {t('ai.check')}
        </Button>
      </div>
      <dl className="admin-ai__meta">
        {provider.baseUrl && (
          <>
            <dt>{t('ai.address')}</dt>
            <dd>
              <code>{provider.baseUrl}</code>
            </dd>
          </>
        )}
        <dt>{t('ai.settings')}</dt>
        <dd>
          {provider.settings.map((setting) => (
            <code key={setting} className="admin-ai__setting">
              {setting}
            </code>
          ))}
        </dd>
      </dl>
      {check && (
        <p role="status" data-testid="admin-ai-result" data-result={check.result}>
          {t(`ai.results.${check.result}`, { status: check.httpStatus, ms: check.ms })}
        </p>
      )}
      {failure && <p role="alert">{failure}</p>}
    </li>
  );
}
