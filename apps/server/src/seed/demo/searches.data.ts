/**
 * What people searched for on the demo site today, so a fresh install's
 * search panel shows popular searches (SPEC 2) before anyone has typed. Every
 * term finds demo works; real searches take over as these age out after
 * LIMITS.hotSearchDays.
 */
export const DEMO_SEARCHES: ReadonlyArray<{ words: string; count: number }> = [
  { words: '钥匙扣', count: 42 },
  { words: 'coaster', count: 37 },
  { words: '花瓶', count: 31 },
  { words: 'phone stand', count: 26 },
  { words: '手机壳', count: 22 },
  { words: 'gear', count: 18 },
  { words: '杯垫', count: 15 },
  { words: 'earrings', count: 11 },
  { words: 'dice', count: 8 },
  { words: '收纳', count: 6 },
];
