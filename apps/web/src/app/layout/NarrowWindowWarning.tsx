import CloseOutlined from '@ant-design/icons/CloseOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import { LIMITS } from '@layerline/contract';
import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CREATION_PATHS } from '../paths';
import { useIsMobile } from './use-is-mobile';

/** Session storage key: the notice was closed in this tab (SPEC 3 keeps such state per session). */
export const NARROW_NOTICE_DISMISSED_KEY = 'narrowNoticeDismissed';

/** Storage can be missing or refuse writes (private mode): the notice then closes for this page load only. */
const readStored = (): boolean => {
  try {
    return sessionStorage.getItem(NARROW_NOTICE_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

// One answer for every frame on screen or kept alive (AI create and publish),
// so closing the notice on one creation screen closes it on the other too.
// Kept in memory only when storage refuses the write.
let isDismissedInMemory = false;
const listeners = new Set<() => void>();
const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
};
const readDismissed = (): boolean => isDismissedInMemory || readStored();
const dismiss = () => {
  try {
    sessionStorage.setItem(NARROW_NOTICE_DISMISSED_KEY, '1');
  } catch {
    isDismissedInMemory = true;
  }
  for (const listener of listeners) listener();
};

/**
 * SPEC 2 global behaviour, narrowed by DESIGN 3: below 780px the creation
 * screens (publish, AI create) say that they are made for a PC. It is a
 * banner in the page, not a cover: the screens work in one column on a phone,
 * and the header and bottom navigation stay in reach. Closing it lasts for
 * the browser session.
 */
export function NarrowWindowWarning() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const isDismissed = useSyncExternalStore(subscribe, readDismissed, () => true);
  const titleId = useId();
  if (!CREATION_PATHS.includes(pathname) || !isMobile || isDismissed) return null;

  return (
    <section
      className="narrow-notice"
      role="note"
      aria-labelledby={titleId}
      data-testid="narrow-notice"
    >
      <DesktopOutlined className="narrow-notice__icon" aria-hidden />
      <div className="narrow-notice__text">
        <p className="narrow-notice__title" id={titleId}>
          {t('narrowTitle')}
        </p>
        <p className="narrow-notice__body">
          {t('narrowBody', { width: LIMITS.mobileThresholdPx })}
        </p>
      </div>
      <button
        type="button"
        className="narrow-notice__close"
        aria-label={t('narrowDismiss')}
        title={t('narrowDismiss')}
        data-testid="narrow-notice-close"
        onClick={dismiss}
      >
        <CloseOutlined aria-hidden />
      </button>
    </section>
  );
}
