/**
 * Numbers for the size labels. The units sit in the i18n catalog; these only
 * turn lengths into text. Models are in millimetres (the STL and 3MF
 * convention), shown to 0.1 mm; drawings are in their own units.
 */
export type TVec3 = { x: number; y: number; z: number };

export type TBox3Like = { min: TVec3; max: TVec3 };

export type TModelDimensions = { x: string; y: string; z: string };

/** toFixed keeps the sign of -0 ('-0.0'); a length never shows one. */
const fixed = (value: number, digits: number) => {
  const text = value.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
};

/** X × Y × Z of a bounding box, one decimal each; null for an empty or broken box. */
export function formatModelDimensions(box: TBox3Like): TModelDimensions | null {
  const size = {
    x: box.max.x - box.min.x,
    y: box.max.y - box.min.y,
    z: box.max.z - box.min.z,
  };
  if (![size.x, size.y, size.z].every((value) => Number.isFinite(value) && value >= 0)) {
    return null;
  }
  return { x: fixed(size.x, 1), y: fixed(size.y, 1), z: fixed(size.z, 1) };
}

/** A drawing length with at most two decimals and no trailing zeros: 100, 12.5, 0.25. */
export function formatDrawingLength(value: number): string {
  return Number.isFinite(value) ? String(Number(fixed(Math.abs(value), 2))) : '0';
}
