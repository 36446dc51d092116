import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { preloadAuthPanels } from '../features/auth/auth-panels-chunk';
import { useFeedbackDialog } from '../features/feedback/feedback-dialog.store';
import { createChunk, whenIdle } from '../lib/chunk';
import { useUiStore } from '../stores/ui.store';
import { loadInAntdScope } from './antd-lazy';

/**
 * The login and legal dialogs are a chunk of their own, outside the first
 * load (docs/PERFORMANCE.md, "Web first load"). It is fetched when the page is
 * idle and as soon as a login button is hovered or focused, so the login
 * dialog opens at once (the dialog then fetches its forms the same way).
 * Neither brings antd.
 */
const rootDialogs = createChunk(() => import('./RootDialogs'));
const LazyRootDialogs = lazy(async () => ({ default: (await rootDialogs.load()).RootDialogs }));

/**
 * The feedback dialog is drawn with antd (its image picker and upload list),
 * so it is fetched only when the More menu that opens it opens, or when it
 * opens: a visitor who never asks for it never loads antd on the home.
 */
const feedbackDialog = createChunk(() =>
  loadInAntdScope(async () => (await import('../features/feedback/FeedbackDialog')).FeedbackDialog),
);
const LazyFeedbackDialog = lazy(async () => ({ default: await feedbackDialog.load() }));

/** For a login button's hover and focus: the dialog and its forms, fetched ahead of the click. */
export function preloadLogin(): void {
  rootDialogs.preload();
  preloadAuthPanels();
}

/** For the More menu: the feedback dialog, fetched while the user reads the menu. */
export const preloadFeedbackDialog = feedbackDialog.preload;

/** Mounted from its first opening on, so closing animates and the form is not fetched twice. */
function FeedbackDialogSlot() {
  const isOpen = useFeedbackDialog((state) => state.isOpen);
  const [isMounted, setMounted] = useState(isOpen);
  if (isOpen && !isMounted) setMounted(true);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyFeedbackDialog />
    </Suspense>
  );
}

/**
 * Mounts the login and legal dialogs once their chunk has arrived at idle, or
 * at once when one is opened before that; they then stay mounted.
 */
export function RootDialogsSlot() {
  const isOpen = useUiStore((state) => state.loginDialog.open || state.legalDocument !== null);
  const [isMounted, setMounted] = useState(() => rootDialogs.loaded() !== null);
  if (isOpen && !isMounted) setMounted(true);

  useEffect(
    () =>
      whenIdle(() => {
        rootDialogs.load().then(
          // A transition: mounting the closed dialogs is no single long task.
          () => startTransition(() => setMounted(true)),
          () => undefined,
        );
      }),
    [],
  );

  // One element whichever way it came, so the dialogs never remount under the user.
  return (
    <>
      {isMounted && (
        <Suspense fallback={null}>
          <LazyRootDialogs />
        </Suspense>
      )}
      <FeedbackDialogSlot />
    </>
  );
}
