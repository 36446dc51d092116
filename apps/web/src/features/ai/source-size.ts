import { VECTORIZE_ASSUMED_DPI } from '@layerline/contract';

export type TOutputSize = {
  widthMm: number;
  heightMm: number;
  dpi: number;
  /** What the size follows: the picture's DPI, the 96 DPI assumed for none, or a width set. */
  basis: 'declared' | 'assumed' | 'width';
};

/**
 * The size in mm a vectorised picture comes out at (the server's rule,
 * vectorize.engine): the width set, else the pixels at the DPI the upload
 * declared, else at 96 DPI. Undefined until the upload tells the pixel size.
 */
export function vectorOutputSize(
  source: { width?: number; height?: number; dpi?: number | null } | null | undefined,
  widthMm: unknown,
): TOutputSize | undefined {
  const width = source?.width;
  const height = source?.height;
  if (!width || !height) return undefined;
  const dpi = source?.dpi ?? VECTORIZE_ASSUMED_DPI;
  if (typeof widthMm === 'number' && widthMm > 0) {
    return {
      widthMm,
      heightMm: (widthMm * height) / width,
      dpi: (width / widthMm) * 25.4,
      basis: 'width',
    };
  }
  return {
    widthMm: (width / dpi) * 25.4,
    heightMm: (height / dpi) * 25.4,
    dpi,
    basis: source?.dpi ? 'declared' : 'assumed',
  };
}
