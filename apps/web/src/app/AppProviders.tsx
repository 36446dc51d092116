import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ANTD_LOCALES } from '../i18n/antd-locale';
import { queryClient as defaultQueryClient } from './query-client';
import { appTheme, cssVariables } from './theme';

/**
 * Server state, theme and the antd locale. The antd locale follows the
 * i18next language, so a switch re-renders every antd text too. Our CSS
 * variables go on <html> so dialogs rendered in portals see them.
 *
 * antd puts a space between two Chinese characters in a button ('登 录');
 * our labels are written as they should read, so that is turned off for
 * every button.
 */
export function AppProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'zh' ? 'zh' : 'en';

  useLayoutEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(cssVariables))
      root.style.setProperty(name, String(value));
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        theme={appTheme}
        locale={ANTD_LOCALES[locale]}
        button={{ autoInsertSpace: false }}
      >
        <App className="app-root">{children}</App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
