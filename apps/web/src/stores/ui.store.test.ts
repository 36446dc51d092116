import { describe, expect, it } from 'vitest';
import { useUiStore } from './ui.store';

const ui = () => useUiStore.getState();

describe('ui store: login dialog (SPEC 4) and legal reading dialog', () => {
  it('opens the login panel remembering the pending route', () => {
    ui().openLogin('/publish');
    expect(ui().loginDialog).toEqual({ open: true, panel: 'login', pendingRoute: '/publish' });
  });

  it('opens without a pending route and on a chosen panel', () => {
    ui().openLogin(null, 'setPassword');
    expect(ui().loginDialog).toEqual({ open: true, panel: 'setPassword', pendingRoute: null });
  });

  it('switches panels and forgets the pending route on close', () => {
    ui().openLogin('/inform');
    ui().setLoginPanel('register');
    expect(ui().loginDialog.panel).toBe('register');
    ui().closeLogin();
    expect(ui().loginDialog).toEqual({ open: false, panel: 'login', pendingRoute: null });
  });

  it('opens and closes a legal document', () => {
    ui().openLegal('privacy');
    expect(ui().legalDocument).toBe('privacy');
    ui().closeLegal();
    expect(ui().legalDocument).toBeNull();
  });
});
