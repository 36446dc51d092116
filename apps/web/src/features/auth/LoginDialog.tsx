import '../../i18n/lazy/auth';
import { LIMITS } from '@layerline/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestFeedbackHost } from '../../app/feedback';
import { LogoMark } from '../../app/layout/BrandLogo';
import { SkeletonBlock } from '../../components/SkeletonBlock';
import { Dialog } from '../../components/ui/Dialog';
import { type TLoginPanel, useUiStore } from '../../stores/ui.store';
import { loadAuthPanels, loadedAuthPanels, preloadAuthPanels, whenIdle } from './auth-panels-chunk';
import { BenefitList } from './BenefitList';
import { LegalLinks } from './LegalLinks';
import './dialogs.css';

const AuthPanels = lazy(async () => ({ default: (await loadAuthPanels()).AuthPanels }));

/** Login and register carry the agreement box with the links; the others show the links below. */
const PANELS_WITH_AGREEMENT: readonly TLoginPanel[] = ['login', 'register'];

function PanelLoading() {
  const { t } = useTranslation('auth');
  return (
    <div className="login-dialog__loading" role="status" aria-label={t('loadingPanel')}>
      <SkeletonBlock className="login-dialog__loading-line" />
      <SkeletonBlock className="login-dialog__loading-line" />
      <SkeletonBlock className="login-dialog__loading-line" />
    </div>
  );
}

/** The forms, at once when their chunk is there, else after its skeleton. */
function Panels({ panel }: { panel: TLoginPanel }) {
  // Chosen once per opening, so the forms never remount under the user.
  const [loaded] = useState(loadedAuthPanels);
  if (loaded) return <loaded.AuthPanels panel={panel} />;
  return (
    <Suspense fallback={<PanelLoading />}>
      <AuthPanels panel={panel} />
    </Suspense>
  );
}

/**
 * SPEC 2 login dialog: 600px wide, not closable by clicking outside, four
 * panels. It and its forms are drawn without antd, so the home, which
 * fetches it at idle, loads no antd for it (docs/PERFORMANCE.md, "Fourth
 * pass: the login dialog without antd"). The frame comes with the root dialogs' chunk (app/root-dialogs.tsx);
 * the forms' chunk is fetched once the frame is there and the page is idle
 * (and on hovering a login button), so they are there when the dialog first
 * opens. Once it is open, antd's confirmation host (app/feedback.ts) is
 * fetched while the user types, so the SPEC 5 agreement confirmation shows at
 * once if the box is left unticked.
 */
export function LoginDialog() {
  const { t } = useTranslation('auth');
  const { open, panel } = useUiStore((state) => state.loginDialog);
  const closeLogin = useUiStore((state) => state.closeLogin);

  useEffect(() => whenIdle(preloadAuthPanels), []);
  useEffect(() => (open ? whenIdle(requestFeedbackHost) : undefined), [open]);

  return (
    <Dialog
      open={open}
      width={LIMITS.loginDialogWidthPx}
      isMaskClosable={false}
      onClose={closeLogin}
      className="login-dialog"
      title={
        <span className="login-dialog__title">
          <LogoMark size={28} />
          {t(`panels.${panel}`)}
        </span>
      }
    >
      <div
        className={
          panel === 'setPassword'
            ? 'login-dialog__body login-dialog__body--single'
            : 'login-dialog__body'
        }
      >
        {/* Sign-up benefits speak to visitors, not to someone changing a password. */}
        {panel !== 'setPassword' && (
          <aside className="login-dialog__aside">
            <p className="login-dialog__welcome">{t('welcome')}</p>
            <p className="login-dialog__intro">{t('benefitsIntro')}</p>
            <BenefitList className="login-dialog__benefits" />
          </aside>
        )}
        <div className="login-dialog__main" data-panel={panel}>
          <Panels panel={panel} />
        </div>
      </div>
      {!PANELS_WITH_AGREEMENT.includes(panel) && <LegalLinks />}
    </Dialog>
  );
}
