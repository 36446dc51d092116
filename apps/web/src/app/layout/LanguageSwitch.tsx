import DownOutlined from '@ant-design/icons/DownOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { isLocale, LOCALES } from '@layerline/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { DropdownMenu } from '../../components/ui/DropdownMenu';
import { useChangeLanguage } from '../../i18n/change-language';

/** SPEC 2 header: language dropdown (中文 / English). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('language');
  const changeLanguage = useChangeLanguage();
  const current = i18n.resolvedLanguage === 'zh' ? 'zh' : 'en';

  return (
    <DropdownMenu
      trigger="click"
      label={t('label')}
      items={LOCALES.map((locale) => ({ key: locale, label: t(locale) }))}
      selectedKey={current}
      onSelect={(key) => {
        if (isLocale(key) && key !== current) void changeLanguage(key);
      }}
    >
      {(triggerProps, toggle) => (
        <Button
          {...triggerProps}
          variant="text"
          icon={<GlobalOutlined />}
          aria-label={t('label')}
          onClick={toggle}
        >
          {t(current)}
          <DownOutlined aria-hidden className="language-switch__caret" />
        </Button>
      )}
    </DropdownMenu>
  );
}
