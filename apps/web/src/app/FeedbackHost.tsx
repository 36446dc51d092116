import App from 'antd/es/app';
import { useEffect } from 'react';
import { AntdTheme } from './AntdScope';
import { registerFeedbackHost } from './feedback';

function Registrar() {
  const { modal, notification } = App.useApp();
  useEffect(() => {
    registerFeedbackHost({ modal, notification });
    return () => registerFeedbackHost(null);
  }, [modal, notification]);
  return null;
}

/**
 * antd's modal and notification for the whole app (app/feedback.ts),
 * loaded with the first call or the first lazily loaded page.
 */
export default function FeedbackHost() {
  return (
    <AntdTheme>
      <App component={false}>
        <Registrar />
      </App>
    </AntdTheme>
  );
}
