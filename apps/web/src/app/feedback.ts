import type { useAppProps } from 'antd/es/app/context';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ReactNode } from 'react';
import { showToast } from './toasts';

/**
 * Messages and confirmation dialogs from anywhere, without antd in the first
 * load (docs/PERFORMANCE.md, "Web first load"). Messages are our own
 * (toasts.ts), shown at once. antd's modal and notification live in a host
 * (FeedbackHost.tsx) that loads with the first call; calls made before it is
 * there wait for it and then show, in order.
 */
export type TMessageKind = 'success' | 'error' | 'info' | 'warning';

export type TFeedback = {
  message: Record<TMessageKind, (content: ReactNode) => void>;
  modal: {
    confirm: (config: ModalFuncProps) => void;
    warning: (config: ModalFuncProps) => void;
  };
};

/** What the host hands over once antd's App has mounted. */
export type TFeedbackHostApi = {
  modal: ModalHookAPI;
  notification: NotificationInstance;
};

type TCall = (api: TFeedbackHostApi) => void;

let host: TFeedbackHostApi | null = null;
let queue: TCall[] = [];
let isWanted = false;
const listeners = new Set<() => void>();

function run(call: TCall) {
  if (host) {
    call(host);
    return;
  }
  queue.push(call);
  requestFeedbackHost();
}

/** Asks for the host to be mounted (AppRoot's FeedbackHostSlot listens). */
export function requestFeedbackHost(): void {
  if (isWanted) return;
  isWanted = true;
  for (const listener of listeners) listener();
}

export function subscribeFeedbackHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isFeedbackHostWanted = (): boolean => isWanted;

/** The host registers antd's message and modal (null when it unmounts); waiting calls run. */
export function registerFeedbackHost(api: TFeedbackHostApi | null): void {
  host = api;
  if (!api) return;
  const waiting = queue;
  queue = [];
  for (const call of waiting) call(api);
}

type TPart = keyof TFeedbackHostApi;

const METHODS: Record<TPart, readonly string[]> = {
  modal: ['confirm', 'info', 'success', 'error', 'warning'],
  notification: ['open', 'success', 'error', 'info', 'warning', 'destroy'],
};

/** Each method of one part of the host, called on the host once it is there. */
function forwarded(part: TPart): Record<string, (...args: unknown[]) => void> {
  return Object.fromEntries(
    METHODS[part].map((name) => [
      name,
      (...args: unknown[]) =>
        run((api) => {
          const methods = api[part] as unknown as Record<string, (...a: unknown[]) => unknown>;
          void methods[name]?.(...args);
        }),
    ]),
  );
}

/** The four kinds of message every caller uses, shown by our Toaster. */
const toastMessages: Record<TMessageKind, (content: ReactNode) => void> = {
  success: (content) => showToast('success', content),
  error: (content) => showToast('error', content),
  info: (content) => showToast('info', content),
  warning: (content) => showToast('warning', content),
};

/**
 * The one forwarding object: what the shell calls (`feedback`) and what
 * `App.useApp()` answers inside a lazily loaded page (AntdScope.tsx). Messages
 * go to our Toaster and confirmations to the one antd host; both outlive the
 * page that showed them (a 'published' message stays while the app moves on).
 * No caller uses what antd's methods return, so these return nothing.
 */
export const hostedAppApi = {
  message: toastMessages as unknown as MessageInstance,
  modal: forwarded('modal'),
  notification: forwarded('notification'),
} as unknown as useAppProps;

export const feedback: TFeedback = hostedAppApi as unknown as TFeedback;

/** The app's messages and dialogs, for components (the same object everywhere). */
export function useFeedback(): TFeedback {
  return feedback;
}
