import '../../i18n/lazy/auth';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useUiStore } from '../../stores/ui.store';

/** SPEC 2: every login-dialog panel links to the user agreement and privacy policy. */
export function LegalLinks() {
  const { t } = useTranslation(['auth', 'nav']);
  const openLegal = useUiStore((state) => state.openLegal);
  return (
    <p className="legal-links">
      <span>{t('legalNotice')}</span>
      <Button variant="link" size="small" onClick={() => openLegal('agreement')}>
        {t('nav:userAgreement')}
      </Button>
      <Button variant="link" size="small" onClick={() => openLegal('privacy')}>
        {t('nav:privacyPolicy')}
      </Button>
    </p>
  );
}
