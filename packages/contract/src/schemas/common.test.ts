import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, tooDeepPath } from './common';

const arrays = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('tooDeepPath (contract MAX_INPUT_DEPTH)', () => {
  it('lets scalars and input nested up to the limit through', () => {
    expect(tooDeepPath('text')).toBeUndefined();
    expect(tooDeepPath(null)).toBeUndefined();
    expect(tooDeepPath({ a: { b: [1, 2] } })).toBeUndefined();
    expect(tooDeepPath(arrays(MAX_INPUT_DEPTH))).toBeUndefined();
  });

  it('names the first value nested one level deeper than the limit', () => {
    expect(tooDeepPath(arrays(MAX_INPUT_DEPTH + 1))).toBe(
      Array(MAX_INPUT_DEPTH).fill('0').join('.'),
    );
    expect(tooDeepPath({ ok: 1, deep: { x: { y: [] } } }, 3)).toBe('deep.x.y');
    expect(tooDeepPath([], 0)).toBe('');
  });

  it('answers for a million levels without exhausting the stack', () => {
    expect(tooDeepPath(arrays(1_000_000))).toMatch(/^0(\.0)+$/);
  });
});
