import { lazy, Suspense, useEffect, useState } from 'react';
import { preloadAuthPanels } from '../features/auth/auth-panels-chunk';
import { useFeedbackDialog } from '../features/feedback/feedback-dialog.store';
import { createChunk, whenIdle } from '../lib/chunk';
import { useUiStore } from '../stores/ui.store';

/**
 * The login, legal and feedback dialogs are drawn with antd, so they are a
 * chunk of their own, outside the first load (docs/PERFORMANCE.md, "Web first
 * load"). It is fetched when the page is idle and as soon as a login button is
 * hovered or focused, so the login dialog opens at once (the dialog then
 * fetches its forms the same way).
 */
const rootDialogs = createChunk(() => import('./RootDialogs'));
const LazyRootDialogs = lazy(async () => ({ default: (await rootDialogs.load()).RootDialogs }));

/** For a login button's hover and focus: the dialog and its forms, fetched ahead of the click. */
export function preloadLogin(): void {
  rootDialogs.preload();
  preloadAuthPanels();
}

/**
 * Mounts the dialogs once their chunk has arrived at idle, or at once when one
 * is opened before that; they then stay mounted, so closing animates.
 */
export function RootDialogsSlot() {
  const isOpen = useUiStore((state) => state.loginDialog.open || state.legalDocument !== null);
  const isFeedbackOpen = useFeedbackDialog((state) => state.isOpen);
  const [isMounted, setMounted] = useState(() => rootDialogs.loaded() !== null);
  if ((isOpen || isFeedbackOpen) && !isMounted) setMounted(true);

  useEffect(
    () =>
      whenIdle(() => {
        rootDialogs.load().then(
          () => setMounted(true),
          () => undefined,
        );
      }),
    [],
  );

  // One element whichever way it came, so the dialogs never remount under the user.
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyRootDialogs />
    </Suspense>
  );
}
