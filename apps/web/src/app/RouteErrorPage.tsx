import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/Button';
import { isChunkLoadError, pageDeps, reloadForNewBuild } from './new-build-reload';
import { PATHS } from './paths';

/**
 * SPEC 2: 'A navigation failure shows Page navigation failed. Please try
 * again.' Covers a page chunk that fails to load (after a deploy the page
 * first reloads onto the new build, once: ADR 0054) and any error thrown
 * while rendering a route. Kept light (no antd Result artwork)
 * because it ships with the first load.
 */
export function RouteErrorPage() {
  const { t } = useTranslation(['shell', 'common']);
  const error = useRouteError();
  // ADR 0054: a chunk an older build asks for after a deploy: the page reloads onto
  // the new build, once; this page shows only if that did not help.
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForNewBuild(pageDeps());
  }, [error]);
  return (
    <div className="route-error" role="alert">
      <div className="route-error__card">
        <WarningOutlined className="route-error__icon" />
        <p className="route-error__message">{t('navigationFailed')}</p>
        <div className="route-error__actions">
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('common:retry')}
          </Button>
          {/* A full load: the router state may be what failed. */}
          <a className="route-error__home" href={PATHS.home}>
            {t('common:backHome')}
          </a>
        </div>
      </div>
    </div>
  );
}
