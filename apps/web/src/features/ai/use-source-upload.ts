import { useEffect, useState } from 'react';
import { isCancel } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';
import { useAiCreateStore } from './ai-create.store';
import { uploadAiImage } from './api';
import { errorText } from './use-ai-job';

/**
 * Uploads the picked source picture (`ai` kind) as soon as the maker is
 * logged in: at once for a member, right after logging in for a visitor who
 * picked it first. A new pick aborts the previous upload.
 */
export function useSourceUpload(fallbackError: string) {
  const source = useAiCreateStore((state) => state.source);
  const markUploaded = useAiCreateStore((state) => state.markUploaded);
  const isLogin = useSessionStore((state) => state.isLogin);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const file = source?.file ?? null;
  const preview = source?.preview ?? null;
  const name = source?.name ?? '';

  useEffect(() => {
    setError(null);
    if (!file || !preview || !isLogin) {
      setPercent(null);
      return;
    }
    const controller = new AbortController();
    setPercent(0);
    uploadAiImage(file, name, {
      signal: controller.signal,
      onProgress: (progress) => setPercent(Math.min(99, progress.percent)),
    })
      .then((result) => {
        markUploaded(preview, result.url, result.image);
        setPercent(null);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted || isCancel(failure)) return;
        setPercent(null);
        setError(errorText(failure, fallbackError));
      });
    return () => controller.abort();
  }, [file, preview, name, isLogin, markUploaded, fallbackError]);

  return { percent, error, isUploading: percent !== null };
}
