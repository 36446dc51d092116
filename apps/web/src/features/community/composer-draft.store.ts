import { create } from 'zustand';

export type TPostDraft = { content: string; topic: string; workId: number | null };

export const EMPTY_DRAFT: TPostDraft = { content: '', topic: '', workId: null };

type TDraftState = {
  draft: TPostDraft;
  setDraft: (change: Partial<TPostDraft>) => void;
  clear: () => void;
};

/**
 * The new post being written, for the whole visit: a visitor who presses
 * Post and logs in, or a maker who leaves /community and comes back, finds
 * the text, topic and linked work as they left them.
 */
export const useComposerDraft = create<TDraftState>()((set) => ({
  draft: EMPTY_DRAFT,
  setDraft: (change) => set((state) => ({ draft: { ...state.draft, ...change } })),
  clear: () => set({ draft: EMPTY_DRAFT }),
}));
