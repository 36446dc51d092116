import type { TUnreadCounts } from '@layerline/contract';
import { create } from 'zustand';

export type TUnreadState = {
  /** Null until the stream or the unread call first answered (and after logout). */
  counts: TUnreadCounts | null;
  setCounts: (counts: TUnreadCounts) => void;
  reset: () => void;
};

/** Unread notifications per kind: the side navigation badge and the /inform tab badges. */
export const useUnreadStore = create<TUnreadState>()((set) => ({
  counts: null,
  setCounts: (counts) => set({ counts }),
  reset: () => set({ counts: null }),
}));
