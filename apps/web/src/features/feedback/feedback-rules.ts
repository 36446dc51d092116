import { IMAGE_MIMES, LIMITS } from '@layerline/contract';

/** What the picker offers (SPEC 5: image type only). */
export const FEEDBACK_IMAGE_ACCEPT = IMAGE_MIMES.join(',');

/** SPEC 5 / 9: 5MB each (5242880 bytes), shown as '5 MB'. */
export const FEEDBACK_IMAGE_SIZE_TEXT = `${LIMITS.feedbackImageMaxBytes / (1024 * 1024)} MB`;

/** SPEC 4: after an upload failure the progress bar hides after 2 seconds. */
export const FAILED_UPLOAD_VISIBLE_MS = 2000;

export type TImageRefusal = 'notImage' | 'tooLarge';

/** Checked before upload; the server checks the content again. */
export function imageRefusal(file: File): TImageRefusal | null {
  if (!(IMAGE_MIMES as readonly string[]).includes(file.type)) return 'notImage';
  if (file.size > LIMITS.feedbackImageMaxBytes) return 'tooLarge';
  return null;
}
