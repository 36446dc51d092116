/**
 * The maker glossary (glossary.data.ts, ADR 0020), by subject.
 * Hardware and spare parts: fasteners, moving parts, mounts and the
 * printer's own.
 */
export const PART_TERMS: readonly (readonly [en: string, zh: string])[] = [
  ['clamp', '夹具'],
  ['jig', '治具'],
  ['gear', '齿轮'],
  ['pulley', '滑轮'],
  ['bearing', '轴承'],
  ['spring', '弹簧'],
  ['hinge', '铰链'],
  ['knob', '旋钮'],
  ['handle', '把手'],
  ['bolt', '螺栓'],
  ['screw', '螺丝'],
  ['nut', '螺母'],
  ['washer', '垫圈'],
  ['spacer', '垫片'],
  ['bushing', '轴套'],
  ['wheel', '轮子'],
  ['fan', '风扇'],
  ['spool', '料盘'],
  ['spool holder', '料盘架'],
  ['filament clip', '耗材夹'],
  ['replacement part', '替换件'],
  ['spare part', '配件'],
  ['accessory', '配件'],
  ['adapter', '转接件'],
  ['mount', '支座'],
];
