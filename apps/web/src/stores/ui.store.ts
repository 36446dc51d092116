import { create } from 'zustand';

/** SPEC 4: the four panels of the login dialog. */
export type TLoginPanel = 'login' | 'register' | 'forgotPassword' | 'setPassword';
export type TLegalDocument = 'agreement' | 'privacy';

export interface TLoginDialogState {
  open: boolean;
  panel: TLoginPanel;
  /** SPEC 2: where to go after login; null means home. */
  pendingRoute: string | null;
}

export interface TUiState {
  loginDialog: TLoginDialogState;
  legalDocument: TLegalDocument | null;
  openLogin: (pendingRoute?: string | null, panel?: TLoginPanel) => void;
  setLoginPanel: (panel: TLoginPanel) => void;
  closeLogin: () => void;
  openLegal: (document: TLegalDocument) => void;
  closeLegal: () => void;
}

const closedLogin: TLoginDialogState = { open: false, panel: 'login', pendingRoute: null };

export const useUiStore = create<TUiState>()((set) => ({
  loginDialog: closedLogin,
  legalDocument: null,
  openLogin: (pendingRoute = null, panel = 'login') =>
    set({ loginDialog: { open: true, panel, pendingRoute } }),
  setLoginPanel: (panel) => set((state) => ({ loginDialog: { ...state.loginDialog, panel } })),
  // The pending route is dropped on close: a dismissed login must not redirect later.
  closeLogin: () => set({ loginDialog: closedLogin }),
  openLegal: (legalDocument) => set({ legalDocument }),
  closeLegal: () => set({ legalDocument: null }),
}));
