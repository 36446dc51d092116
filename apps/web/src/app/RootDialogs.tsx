import { LoginDialog } from '../features/auth/LoginDialog';
import { LegalDialog } from '../features/legal/LegalDialog';

/**
 * The dialogs any screen, the home included, can open first: login and the
 * legal documents, drawn without antd (components/ui/Dialog.tsx); their own
 * chunk (root-dialogs.tsx).
 */
export function RootDialogs() {
  return (
    <>
      <LoginDialog />
      <LegalDialog />
    </>
  );
}
