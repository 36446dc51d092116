import DownOutlined from '@ant-design/icons/DownOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { isLocale, LOCALES } from '@layerline/contract';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from '../../i18n/change-language';

/** SPEC 2 header: language dropdown (中文 / English). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('language');
  const changeLanguage = useChangeLanguage();
  const current = i18n.resolvedLanguage === 'zh' ? 'zh' : 'en';

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LOCALES.map((locale) => ({ key: locale, label: t(locale) })),
        onClick: ({ key }) => {
          if (isLocale(key) && key !== current) void changeLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('label')}>
        {t(current)}
        <DownOutlined className="language-switch__caret" />
      </Button>
    </Dropdown>
  );
}
