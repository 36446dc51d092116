import { LIMITS } from '@layerline/contract';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../app/layout/BrandLogo';
import { type TLoginPanel, useUiStore } from '../../stores/ui.store';
import { BenefitList } from './BenefitList';
import { LegalLinks } from './LegalLinks';
import './dialogs.css';

/**
 * Body of each panel. The forms (e-mail, password, captcha, code countdown)
 * replace these when the accounts API lands; the frame, panel switching and
 * legal links stay.
 */
function PanelBody({ panel }: { panel: TLoginPanel }) {
  const { t } = useTranslation('auth');
  const setPanel = useUiStore((state) => state.setLoginPanel);
  const links: Partial<Record<TLoginPanel, ReactNode>> = {
    login: (
      <>
        <Button type="link" onClick={() => setPanel('register')}>
          {t('toRegister')}
        </Button>
        <Button type="link" onClick={() => setPanel('forgotPassword')}>
          {t('toForgotPassword')}
        </Button>
      </>
    ),
    register: (
      <Button type="link" onClick={() => setPanel('login')}>
        {t('toLogin')}
      </Button>
    ),
    forgotPassword: (
      <Button type="link" onClick={() => setPanel('login')}>
        {t('toLogin')}
      </Button>
    ),
  };
  return (
    <div className="login-dialog__panel" data-panel={panel}>
      <p className="login-dialog__intro">{t('benefitsIntro')}</p>
      <BenefitList className="login-dialog__benefits" />
      <div className="login-dialog__switch">{links[panel]}</div>
    </div>
  );
}

/** SPEC 2 login dialog: 600px wide, not closable by clicking outside, four panels. */
export function LoginDialog() {
  const { t } = useTranslation('auth');
  const { open, panel } = useUiStore((state) => state.loginDialog);
  const closeLogin = useUiStore((state) => state.closeLogin);

  return (
    <Modal
      open={open}
      width={LIMITS.loginDialogWidthPx}
      mask={{ closable: false }}
      footer={null}
      onCancel={closeLogin}
      destroyOnHidden
      centered
      className="login-dialog"
      title={
        <span className="login-dialog__title">
          <LogoMark size={28} />
          {t(`panels.${panel}`)}
        </span>
      }
    >
      <p className="login-dialog__welcome">{t('welcome')}</p>
      <PanelBody panel={panel} />
      <LegalLinks />
    </Modal>
  );
}
