import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import { LIMITS } from '@layerline/contract';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CREATION_PATHS } from '../paths';
import { useIsMobile } from './use-is-mobile';

/**
 * SPEC 2 global behaviour, narrowed by DESIGN 3: below 780px the creation
 * screens (publish, AI create) are covered by a notice that mobile devices are
 * not supported; browsing screens are responsive instead.
 */
export function NarrowWindowWarning() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  if (!CREATION_PATHS.includes(pathname) || !isMobile) return null;

  return (
    <div
      className="narrow-warning"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="narrow-warning-title"
    >
      <div className="narrow-warning__card">
        <DesktopOutlined className="narrow-warning__icon" />
        <h2 id="narrow-warning-title">{t('narrowTitle')}</h2>
        <p>{t('narrowBody', { width: LIMITS.mobileThresholdPx })}</p>
      </div>
    </div>
  );
}
