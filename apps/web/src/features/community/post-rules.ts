import { isMessageKey, LIMITS, UPLOAD_RULES, ZPostContent } from '@layerline/contract';
import type { TCatalog } from '../../i18n/locales/en';

export type TPostErrorKey = keyof TCatalog['community']['errors'];

/** Upload kind `post` (ADR 0013): image types, 10MB each. */
export const POST_IMAGE_ACCEPT = UPLOAD_RULES.post.accept.join(',');
export const POST_IMAGE_MAX_MB = UPLOAD_RULES.post.maxBytes / (1024 * 1024);

const isErrorKey = (key: unknown): key is TPostErrorKey =>
  isMessageKey(key) && (key === 'postContentRequired' || key === 'postContentTooLong');

/**
 * SPEC 5 Post: text required, at most 1000 characters, checked by the
 * contract's schema, so the messages are the server's. Null when fine.
 */
export function contentProblem(content: string): TPostErrorKey | null {
  const result = ZPostContent.safeParse(content);
  if (result.success) return null;
  const key = result.error.issues[0]?.message;
  return isErrorKey(key) ? key : 'postContentRequired';
}

/** Characters as the server counts them (the trimmed text). */
export function contentLength(content: string): number {
  return content.trim().length;
}

/**
 * Which chosen pictures may start uploading: images of at most 10MB, and no
 * more than 9 in all (SPEC 5 'a maximum number of images'). `problem` is the
 * first refusal, shown under the pictures.
 */
export function screenPostImages(
  currentCount: number,
  files: readonly File[],
): { accepted: File[]; problem: TPostErrorKey | null } {
  const room = Math.max(0, LIMITS.postMaxImages - currentCount);
  const accepted: File[] = [];
  let problem: TPostErrorKey | null = null;
  for (const file of files) {
    let refusal: TPostErrorKey | null = null;
    if (!(UPLOAD_RULES.post.accept as readonly string[]).includes(file.type)) refusal = 'imageType';
    else if (file.size > UPLOAD_RULES.post.maxBytes) refusal = 'imageTooLarge';
    else if (accepted.length >= room) refusal = 'postImagesTooMany';
    if (refusal) problem ??= refusal;
    else accepted.push(file);
  }
  return { accepted, problem };
}
