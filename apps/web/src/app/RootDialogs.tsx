import { LoginDialog } from '../features/auth/LoginDialog';
import { FeedbackDialog } from '../features/feedback/FeedbackDialog';
import { LegalDialog } from '../features/legal/LegalDialog';
import { AntdScope } from './AntdScope';

/** The dialogs every screen can open, drawn with antd: their own chunk (root-dialogs.tsx). */
export function RootDialogs() {
  return (
    <AntdScope>
      <LoginDialog />
      <LegalDialog />
      <FeedbackDialog />
    </AntdScope>
  );
}
