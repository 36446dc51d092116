import { LIMITS, UPLOAD_RULES } from '@layerline/contract';

export type TAvatarProblem = 'avatarType' | 'avatarSize';

/** What the file picker offers; the server still checks the content (DESIGN 3). */
export const AVATAR_ACCEPT = UPLOAD_RULES.avatar.accept.join(',');

/**
 * SPEC 5: an avatar is a JPG, PNG or GIF of at most 2 MB, checked before
 * anything is uploaded. Returns the problem's message key, or null.
 */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): TAvatarProblem | null {
  if (!UPLOAD_RULES.avatar.accept.includes(file.type)) return 'avatarType';
  if (file.size > LIMITS.avatarMaxBytes) return 'avatarSize';
  return null;
}

/** A local preview of the chosen image, shown before saving. */
export function readPreview(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
