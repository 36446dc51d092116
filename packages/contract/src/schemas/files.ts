import { z } from 'zod';
import { LIMITS } from '../constants';
import { ZEnvelope } from '../envelope';

/**
 * POST /api/v1/resource/upload takes one multipart field `file` and a `kind`
 * (form field or query) that decides the accepted types, the size limit and
 * how the file is processed. More kinds join as features need them.
 */
export const UPLOAD_KINDS = ['avatar'] as const;
export const ZUploadKind = z.enum(UPLOAD_KINDS, { error: 'uploadKindInvalid' });
export type TUploadKind = z.infer<typeof ZUploadKind>;

/** Per kind: accepted content types (sniffed, not trusted from the name) and size. */
export const UPLOAD_RULES: Record<TUploadKind, { mimes: readonly string[]; maxBytes: number }> = {
  /** SPEC 5: avatar JPG, PNG or GIF, up to 2MB. */
  avatar: { mimes: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: LIMITS.avatarMaxBytes },
};

export const ZUploadQuery = z.object({ kind: z.string().max(32).optional() });

/** DESIGN 3: the stored file's url, filename, size (bytes) and mime. */
export const ZUploadResult = z.object({
  url: z.string(),
  filename: z.string(),
  size: z.number().int().nonnegative(),
  mime: z.string(),
});
export type TUploadResult = z.infer<typeof ZUploadResult>;
export const ZUploadResponse = ZEnvelope(ZUploadResult);
