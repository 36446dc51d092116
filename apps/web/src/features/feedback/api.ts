import type {
  TFeedbackRequest,
  TFeedbackResponse,
  TFeedbackUploadResponse,
  TUploadResult,
} from '@layerline/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient, type TUploadProgress } from '../../lib/api';

/** SPEC 7 submit path; the upload path is ours (SPEC 7 does not show it). */
export const FEEDBACK_PATHS = {
  submit: '/api/v1/suggestion/submit',
  upload: '/api/v1/suggestion/upload',
} as const;

/**
 * The feedback image upload: SPEC 7 answers the address itself as `data`,
 * given back as an upload result for the shared upload list. Silent: the
 * form says what failed.
 */
export async function uploadFeedbackImage(
  file: File,
  {
    onProgress,
    signal,
  }: { onProgress?: (progress: TUploadProgress) => void; signal?: AbortSignal },
): Promise<TUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await apiClient.upload<TFeedbackUploadResponse['data']>(
    FEEDBACK_PATHS.upload,
    form,
    { onProgress, signal, silent: true },
  );
  return { url: data, filename: file.name, size: file.size, mime: file.type };
}

/**
 * POST /suggestion/submit; resolves with the envelope, whose `msg` is the
 * server's localised thanks. Silent: a refusal shows the server's msg (SPEC 8).
 */
export function useSubmitFeedback() {
  return useMutation({
    mutationFn: (request: TFeedbackRequest) =>
      apiClient.post<TFeedbackResponse['data']>(FEEDBACK_PATHS.submit, request, { silent: true }),
  });
}
