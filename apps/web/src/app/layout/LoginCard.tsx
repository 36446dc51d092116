import LoginOutlined from '@ant-design/icons/LoginOutlined';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { preloadAuthPanels } from '../../features/auth/auth-panels-chunk';
import { BenefitList } from '../../features/auth/BenefitList';
import { useUiStore } from '../../stores/ui.store';

/** SPEC 2: logged-out visitors see a login button with the registration benefits. */
export function LoginCard() {
  const { t } = useTranslation('nav');
  const openLogin = useUiStore((state) => state.openLogin);
  return (
    <div className="login-card">
      <p className="login-card__title">{t('benefitsTitle')}</p>
      <BenefitList className="login-card__benefits" />
      <Button
        type="primary"
        block
        icon={<LoginOutlined />}
        onClick={() => openLogin()}
        onPointerEnter={preloadAuthPanels}
        onFocus={preloadAuthPanels}
        aria-label={t('login')}
        className="login-card__button"
      >
        <span className="login-card__button-label">{t('login')}</span>
      </Button>
    </div>
  );
}
