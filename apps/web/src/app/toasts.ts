import type { ReactNode } from 'react';

/**
 * The app's short messages ('saved', 'failed'), shown by our own Toaster
 * (Toaster.tsx) in the first load, so a message on the home shows at once
 * instead of after antd's message host has been fetched (docs/PERFORMANCE.md,
 * "Fourth pass: the login dialog without antd"). Confirmations stay antd's (feedback.ts).
 */
export type TToastKind = 'success' | 'error' | 'info' | 'warning';

export type TToast = { id: number; kind: TToastKind; content: ReactNode };

/** As long as antd's message stayed: 3 s. */
export const TOAST_DURATION_MS = 3_000;
/** More at once would cover the page; the oldest goes first. */
export const MAX_TOASTS = 4;

let toasts: readonly TToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly TToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id));
}

export function showToast(kind: TToastKind, content: ReactNode): void {
  const id = nextId++;
  publish([...toasts, { id, kind, content }].slice(-MAX_TOASTS));
  window.setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
}

export const subscribeToasts = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const currentToasts = (): readonly TToast[] => toasts;
