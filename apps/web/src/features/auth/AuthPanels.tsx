import { useEffect } from 'react';
import type { TLoginPanel } from '../../stores/ui.store';
import { ForgotPasswordPanel } from './ForgotPasswordPanel';
import { LoginPanel } from './LoginPanel';
import { cipherChunk } from './password-crypto';
import { RegisterPanel } from './RegisterPanel';
import { SetPasswordPanel } from './SetPasswordPanel';

/**
 * The forms of the four panels (SPEC 4), one lazily loaded chunk: they bring
 * the contract's zod rules and Web Crypto code, which the first page load
 * does not need. The AES code follows once a panel is shown, before its
 * form can be sent.
 */
export function AuthPanels({ panel }: { panel: TLoginPanel }) {
  useEffect(cipherChunk.preload, []);
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
