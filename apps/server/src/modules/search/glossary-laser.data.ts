/**
 * The maker glossary (glossary.data.ts, ADR 0020), by subject.
 * Laser cutting and engraving: the processes, their settings and the joints
 * and bends of laser-cut sheet.
 */
export const LASER_TERMS: readonly (readonly [en: string, zh: string])[] = [
  ['engraving', '雕刻'],
  ['laser engraving', '激光雕刻'],
  ['etching', '蚀刻'],
  ['cutting', '切割'],
  ['cut', '切割'],
  ['laser cutting', '激光切割'],
  ['laser', '激光'],
  ['laser cutter', '激光切割机'],
  ['laser engraver', '激光雕刻机'],
  ['embossing', '压花'],
  ['marking', '打标'],
  ['scoring', '划线'],
  ['vector', '矢量'],
  ['raster', '位图'],
  ['halftone', '半色调'],
  ['dithering', '抖动'],
  ['grayscale', '灰度'],
  ['power', '功率'],
  ['speed', '速度'],
  ['focus', '焦距'],
  ['kerf', '切缝'],
  ['air assist', '吹气'],
  ['finger joint', '指接'],
  ['finger jointed', '指接榫'],
  ['living hinge', '活铰链'],
  ['kerf bending', '切缝弯曲'],
];
