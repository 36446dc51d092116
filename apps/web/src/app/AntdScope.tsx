import AppContext from 'antd/es/app/context';
import ConfigProvider from 'antd/es/config-provider';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ANTD_LOCALES } from '../i18n/antd-locale';
import { hostedAppApi, requestFeedbackHost } from './feedback';
import { appTheme } from './theme';

/**
 * antd's theme and locale. The antd locale follows the i18next language, so a
 * switch re-renders every antd text too. antd puts a space between two
 * Chinese characters in a button ('登 录'); our labels are written as they
 * should read, so that is turned off for every button.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'zh' ? 'zh' : 'en';
  return (
    <ConfigProvider
      theme={appTheme}
      locale={ANTD_LOCALES[locale]}
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}

/**
 * What every lazily loaded page and dialog renders in: antd's theme, and
 * `App.useApp()` answering with the one feedback host's message, modal and
 * notification (app/feedback.ts), which it asks for as it mounts, so a
 * page's first message shows at once. The shell and the home are drawn
 * without antd and so load without it (docs/PERFORMANCE.md, "Web first load").
 */
export function AntdScope({ children }: { children: ReactNode }) {
  useEffect(requestFeedbackHost, []);
  return (
    <AntdTheme>
      <AppContext.Provider value={hostedAppApi}>{children}</AppContext.Provider>
    </AntdTheme>
  );
}
