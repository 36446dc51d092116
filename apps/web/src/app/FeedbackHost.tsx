import App from 'antd/es/app';
import { useEffect } from 'react';
import { AntdTheme } from './AntdScope';
import { registerFeedbackHost } from './feedback';

function Registrar() {
  const { message, modal, notification } = App.useApp();
  useEffect(() => {
    registerFeedbackHost({ message, modal, notification });
    return () => registerFeedbackHost(null);
  }, [message, modal, notification]);
  return null;
}

/**
 * antd's message, modal and notification for the whole app (app/feedback.ts),
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
