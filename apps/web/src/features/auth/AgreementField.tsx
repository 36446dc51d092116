import '../../i18n/lazy/auth';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/form-controls';
import type { TForm } from '../../lib/forms/use-form';
import { useUiStore } from '../../stores/ui.store';

/**
 * SPEC 2 and 5: the agree box with the agreement and privacy links; the links
 * sit outside the checkbox label so reading them does not tick it.
 */
export function AgreementField({ form }: { form: TForm<{ isAgree: boolean }> }) {
  const { t } = useTranslation(['auth', 'nav']);
  const openLegal = useUiStore((state) => state.openLegal);
  return (
    <div className="agreement-field">
      <Checkbox
        id={form.idOf('isAgree')}
        checked={form.values.isAgree}
        onChange={(checked) => form.setValue('isAgree', checked)}
      >
        {t('agreement.prefix')}
      </Checkbox>
      <Button variant="link" size="small" onClick={() => openLegal('agreement')}>
        {t('nav:userAgreement')}
      </Button>
      <span>{t('agreement.and')}</span>
      <Button variant="link" size="small" onClick={() => openLegal('privacy')}>
        {t('nav:privacyPolicy')}
      </Button>
    </div>
  );
}
