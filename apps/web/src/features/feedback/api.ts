import { apiPath, type TFeedbackRequest, type TUploadResult } from '@layerline/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient, callApi, type TAnswerData, type TUploadProgress } from '../../lib/api';

/**
 * The feedback image upload (its path is ours: SPEC 7 does not show it):
 * SPEC 7 answers the address itself as `data`, given back as an upload result
 * for the shared upload list. Silent: the form says what failed.
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
  const { data } = await apiClient.upload<TAnswerData<'feedback.upload'>>(
    apiPath('feedback.upload'),
    form,
    { onProgress, signal, silent: true },
  );
  return { url: data, filename: file.name, size: file.size, mime: file.type };
}

/**
 * POST /suggestion/submit (SPEC 7); resolves with the envelope, whose `msg` is
 * the server's localised thanks. Silent: a refusal shows the server's msg (SPEC 8).
 */
export function useSubmitFeedback() {
  return useMutation({
    mutationFn: (request: TFeedbackRequest) =>
      callApi('feedback.submit', { body: request }, { silent: true }),
  });
}
