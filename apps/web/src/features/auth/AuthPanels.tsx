import type { TLoginPanel } from '../../stores/ui.store';
import { ForgotPasswordPanel } from './ForgotPasswordPanel';
import { LoginPanel } from './LoginPanel';
import { RegisterPanel } from './RegisterPanel';
import { SetPasswordPanel } from './SetPasswordPanel';

/**
 * The forms of the four panels (SPEC 4), one lazily loaded chunk: they bring
 * the contract's zod rules and Web Crypto code, which the first page load
 * does not need.
 */
export function AuthPanels({ panel }: { panel: TLoginPanel }) {
  switch (panel) {
    case 'register':
      return <RegisterPanel />;
    case 'forgotPassword':
      return <ForgotPasswordPanel />;
    case 'setPassword':
      return <SetPasswordPanel />;
    default:
      return <LoginPanel />;
  }
}
