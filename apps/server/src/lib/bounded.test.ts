import { describe, expect, it } from 'vitest';
import { makeRoom } from './bounded';

describe('makeRoom', () => {
  it('drops the oldest entries of a Map until one more fits', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    makeRoom(map, 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
    makeRoom(map, 1);
    expect(map.size).toBe(0);
  });

  it('leaves a Set with room alone, and keeps insertion order when trimming', () => {
    const set = new Set(['x', 'y']);
    makeRoom(set, 3);
    expect([...set]).toEqual(['x', 'y']);
    set.add('z');
    makeRoom(set, 3);
    expect([...set]).toEqual(['y', 'z']);
  });
});
