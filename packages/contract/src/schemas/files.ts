import { z } from 'zod';
import { LIMITS } from '../constants';
import { ZEnvelope } from '../envelope';

/**
 * Uploads (SPEC 7, DESIGN 3): POST /api/v1/resource/upload and
 * /api/v1/upload_resource take one multipart field `file`, /api/v1/batch_upload
 * takes many in `files`; `kind` (query or a form field sent before the files)
 * decides the accepted types, the size limit and how the file is processed.
 * The server decides the type by the content, never by the name.
 */
export const UPLOAD_KINDS = [
  'avatar',
  'cover',
  'ai',
  'feedback',
  'instruction',
  'design',
  'post',
] as const;
export const ZUploadKind = z.enum(UPLOAD_KINDS, { error: 'uploadKindInvalid' });
export type TUploadKind = z.infer<typeof ZUploadKind>;

/** Raster images re-encoded on upload (covers, AI sources, feedback pictures). */
export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/**
 * Design files (SPEC 2 file list, SPEC 3 project files): 3D printing, laser
 * and UV formats. Extensions are what the file picker offers; the server
 * still checks every file's content.
 */
export const DESIGN_FILE_EXTENSIONS = [
  '.stl',
  '.3mf',
  '.obj',
  '.step',
  '.stp',
  '.gcode',
  '.bgcode',
  '.svg',
  '.dxf',
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.zip',
  '.lbrn',
  '.lbrn2',
  '.xcs',
] as const;

/** Per kind: what the file picker offers and the size limit in bytes. */
export const UPLOAD_RULES: Record<TUploadKind, { accept: readonly string[]; maxBytes: number }> = {
  /** SPEC 5: avatar JPG, PNG or GIF, up to 2MB. */
  avatar: { accept: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: LIMITS.avatarMaxBytes },
  /** SPEC 5 / 9: cover images up to 10MB. */
  cover: { accept: IMAGE_MIMES, maxBytes: LIMITS.coverMaxBytes },
  /** SPEC 5 / 9: the AI source image, up to 10MB. */
  ai: { accept: IMAGE_MIMES, maxBytes: LIMITS.imageUploadMaxBytes },
  /** SPEC 5: feedback images, 5MB each. */
  feedback: { accept: IMAGE_MIMES, maxBytes: LIMITS.feedbackImageMaxBytes },
  /** SPEC 3 / 5: instructions as a PDF. */
  instruction: { accept: ['application/pdf'], maxBytes: LIMITS.instructionMaxBytes },
  design: { accept: DESIGN_FILE_EXTENSIONS, maxBytes: LIMITS.designFileMaxBytes },
  /** Community post images (ADR 0013): re-encoded like covers, up to 10MB each. */
  post: { accept: IMAGE_MIMES, maxBytes: LIMITS.coverMaxBytes },
};

export const ZUploadQuery = z.object({ kind: z.string().max(32).optional() });

/**
 * DESIGN 3: the stored file's url, filename, size (bytes) and mime; images
 * also get a small WebP `thumbnail` (480px wide).
 */
export const ZUploadResult = z.object({
  url: z.string(),
  filename: z.string(),
  size: z.number().int().nonnegative(),
  mime: z.string(),
  thumbnail: z.string().optional(),
  /**
   * A re-encoded image's size in pixels and the DPI its source declared
   * (null: none; tools then assume 96, DESIGN 5), so a page can show its
   * size in mm before a job starts.
   */
  image: z
    .object({
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      dpi: z.number().positive().nullable(),
    })
    .optional(),
});
export type TUploadResult = z.infer<typeof ZUploadResult>;
export const ZUploadResponse = ZEnvelope(ZUploadResult);
/** POST /api/v1/batch_upload: one result per file, in the order sent. */
export const ZBatchUploadResponse = ZEnvelope(z.array(ZUploadResult));
