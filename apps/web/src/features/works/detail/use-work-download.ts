import '../../../i18n/lazy/work';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../app/feedback';
import { currentPathname } from '../../../app/navigation';
import { patchWorkState } from '../../../entities/works';
import { isApiError } from '../../../lib/api';
import { useSessionStore } from '../../../stores/session.store';
import { useUiStore } from '../../../stores/ui.store';
import { downloadWork, fetchWork, saveBlob } from '../api';
import { createDownloadGate } from './download-gate';

/** The server's new count in the detail and every card (ignored when it cannot be read). */
async function refreshDownloadCount(queryClient: QueryClient, workId: number): Promise<void> {
  try {
    const { download_count } = await fetchWork(workId);
    patchWorkState(queryClient, workId, { download_count });
  } catch {
    // The file is saved; the count catches up with the next load of the work.
  }
}

/** Which download a click asks for: one project file by index, or all of them. */
export type TDownloadTarget = { key: string; fileIndex?: number; fallbackName: string };

/**
 * Downloads of one work (SPEC 4, SPEC 5): a visitor gets the login dialog,
 * which brings them back here; a user's clicks pass the debounce and lock
 * guard, and the file is fetched with the session's token and saved under
 * the server's name. `activeKey` is the target being downloaded. The
 * server counts a user's download once a day, so the new count is read back
 * from it and shown in the detail and every card at once (the same live
 * counts as likes and collects).
 */
export function useWorkDownload(workId: number) {
  const { t } = useTranslation('work');
  const { message } = useFeedback();
  const isLogin = useSessionStore((state) => state.isLogin);
  const openLogin = useUiStore((state) => state.openLogin);
  const queryClient = useQueryClient();
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const gate = useMemo(() => createDownloadGate({ onIdle: () => setActiveKey(null) }), []);

  const start = useCallback(
    (target: TDownloadTarget) => {
      if (!isLogin) {
        openLogin(currentPathname());
        return;
      }
      const outcome = gate.run(async () => {
        try {
          const { blob, filename } = await downloadWork(
            workId,
            target.fileIndex,
            target.fallbackName,
          );
          saveBlob(blob, filename);
        } catch (error) {
          // The client already reported transport failures; these it leaves to us.
          if (isApiError(error) && (error.kind === 'notFound' || error.kind === 'business')) {
            void message.error(error.message || t('download.failed'));
          }
          return;
        }
        // Not awaited: the SPEC 4 lock is about the download, not the count.
        void refreshDownloadCount(queryClient, workId);
      });
      if (outcome === 'started') setActiveKey(target.key);
      if (outcome === 'locked') void message.warning(t('download.busy'));
    },
    [gate, isLogin, message, openLogin, queryClient, t, workId],
  );

  return { start, activeKey };
}
