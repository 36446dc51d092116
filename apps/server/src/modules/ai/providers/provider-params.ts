import { z } from 'zod';

/**
 * The job input the provider adapters read. SPEC 3 AI records keep prompt,
 * style, ratio and count; the API validates the request with the kind's
 * contract schema, and these parse again here so an adapter never sends a
 * provider something it did not mean to (and says which field was wrong).
 */

const ZFileRef = z.string().min(1).max(500);

export const IMAGE_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3'] as const;
export type TImageRatio = (typeof IMAGE_RATIOS)[number];

export const ZProviderImageParams = z.object({
  prompt: z.string().trim().min(1).max(4000),
  negativePrompt: z.string().trim().max(2000).optional(),
  /** A style name; providers with presets use it, others add it to the prompt. */
  style: z.string().trim().max(100).optional(),
  ratio: z.enum(IMAGE_RATIOS).default('1:1'),
  count: z.number().int().min(1).max(4).default(1),
  seed: z.number().int().min(0).max(4_294_967_294).optional(),
  /** image_to_image: the stored upload to start from. */
  imageUrl: ZFileRef.optional(),
  /** image_to_image: how far the result may move from the source (0 keeps it). */
  strength: z.number().min(0).max(1).default(0.6),
});
export type TProviderImageParams = z.infer<typeof ZProviderImageParams>;

export const ZImageTo3dParams = z.object({
  /** SPEC 5: an original image is required for 3D. */
  imageUrl: ZFileRef,
  prompt: z.string().trim().max(1000).optional(),
  texture: z.boolean().default(true),
});
export type TImageTo3dParams = z.infer<typeof ZImageTo3dParams>;

export const ZRemoveBackgroundRemoteParams = z.object({ imageUrl: ZFileRef });

/** The prompt with its style for providers that have no style field. */
export function promptWithStyle(params: { prompt: string; style?: string }): string {
  return params.style ? `${params.prompt}, ${params.style} style` : params.prompt;
}

/** SDXL-friendly sizes (multiples of 64, about one megapixel) for workflows that take width and height. */
export const RATIO_PIXELS: Record<TImageRatio, { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '16:9': { width: 1344, height: 768 },
  '9:16': { width: 768, height: 1344 },
  '4:3': { width: 1152, height: 896 },
  '3:4': { width: 896, height: 1152 },
  '3:2': { width: 1216, height: 832 },
  '2:3': { width: 832, height: 1216 },
};
