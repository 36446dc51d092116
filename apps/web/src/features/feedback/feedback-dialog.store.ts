import { create } from 'zustand';

/** Whether the SPEC 2 feedback dialog is open; the side nav's More menu opens it. */
export const useFeedbackDialog = create<{
  isOpen: boolean;
  open: () => void;
  close: () => void;
}>()((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}));
