import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../stores/ui.store';

/** SPEC 2: every login-dialog panel links to the user agreement and privacy policy. */
export function LegalLinks() {
  const { t } = useTranslation(['auth', 'nav']);
  const openLegal = useUiStore((state) => state.openLegal);
  return (
    <p className="legal-links">
      <span>{t('legalNotice')}</span>
      <Button type="link" size="small" onClick={() => openLegal('agreement')}>
        {t('nav:userAgreement')}
      </Button>
      <Button type="link" size="small" onClick={() => openLegal('privacy')}>
        {t('nav:privacyPolicy')}
      </Button>
    </p>
  );
}
