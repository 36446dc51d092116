import LoginOutlined from '@ant-design/icons/LoginOutlined';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { BenefitList } from '../../features/auth/BenefitList';
import { useUiStore } from '../../stores/ui.store';
import { preloadLogin } from '../root-dialogs';

/** SPEC 2: logged-out visitors see a login button with the registration benefits. */
export function LoginCard() {
  const { t } = useTranslation('nav');
  const openLogin = useUiStore((state) => state.openLogin);
  return (
    <div className="login-card">
      <p className="login-card__title">{t('benefitsTitle')}</p>
      <BenefitList className="login-card__benefits" />
      <Button
        variant="primary"
        block
        icon={<LoginOutlined />}
        onClick={() => openLogin()}
        onPointerEnter={preloadLogin}
        onFocus={preloadLogin}
        aria-label={t('login')}
        className="login-card__button"
      >
        <span className="login-card__button-label">{t('login')}</span>
      </Button>
    </div>
  );
}
