import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button';
import { PATHS } from './paths';

/**
 * SPEC 2: 'A navigation failure shows Page navigation failed. Please try
 * again.' Covers a page chunk that fails to load (e.g. after a deploy) and any
 * error thrown while rendering a route. Kept light (no antd Result artwork)
 * because it ships with the first load.
 */
export function RouteErrorPage() {
  const { t } = useTranslation(['shell', 'common']);
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
