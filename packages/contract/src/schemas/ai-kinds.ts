import { z } from 'zod';

/**
 * SPEC 1 AI creator features, one job kind each. Image editing (SPEC 1) is
 * three kinds: background removal, vectorisation and the local eraser; the
 * laser-ready image, relief, lithophane and cutter are the local
 * image-to-image and image-to-3D engines.
 */
export const AI_JOB_KINDS = [
  'text_to_image',
  'image_to_image',
  'text_to_logo',
  'prompt_optimize',
  'remove_background',
  'vectorize',
  'erase',
  'laser_image',
  'image_to_3d',
  'relief_3d',
  'lithophane',
  'cookie_cutter',
] as const;
export const ZAiJobKind = z.enum(AI_JOB_KINDS);
export type TAiJobKind = z.infer<typeof ZAiJobKind>;

/** DESIGN 5: every AI feature is a job with these states. */
export const AI_JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const ZAiJobState = z.enum(AI_JOB_STATES);
export type TAiJobState = z.infer<typeof ZAiJobState>;

/**
 * SPEC 4 progress stages, in order: initialising, loading components,
 * generating mesh, processing texture, saving/optimising, almost done,
 * completed.
 */
export const AI_STAGES = [
  'initialising',
  'loading_components',
  'generating_mesh',
  'processing_texture',
  'saving',
  'almost_done',
  'completed',
] as const;
export const ZAiStage = z.enum(AI_STAGES);
export type TAiStage = z.infer<typeof ZAiStage>;
