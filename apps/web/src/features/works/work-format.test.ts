import { describe, expect, it } from 'vitest';
import { parseWorkId } from './api';
import { displayNickname, formatFileSize, formatPrice, isOwnWork } from './work-format';

describe('work display helpers', () => {
  it('shortens an e-mail-like nickname to the part before @ (SPEC 3)', () => {
    expect(displayNickname('maker@example.com')).toBe('maker');
    expect(displayNickname(' Maker Nine ')).toBe('Maker Nine');
    expect(displayNickname('@handle')).toBe('@handle');
  });

  it('formats file sizes in binary steps', () => {
    expect(formatFileSize(980, 'en')).toBe('980 B');
    expect(formatFileSize(2048, 'en')).toBe('2 KB');
    expect(formatFileSize(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatFileSize(150 * 1024 * 1024, 'en')).toBe('150 MB');
    expect(formatFileSize(-1, 'en')).toBe('');
  });

  it('formats prices with two decimals only when needed', () => {
    expect(formatPrice(12, 'en')).toBe('12');
    expect(formatPrice(12.5, 'en')).toBe('12.50');
  });

  it('knows the owner by created_by and a logged-in session (SPEC 6)', () => {
    expect(isOwnWork(9, '9', true)).toBe(true);
    expect(isOwnWork(9, '9', false)).toBe(false);
    expect(isOwnWork(9, '19', true)).toBe(false);
    expect(isOwnWork(0, '', true)).toBe(false);
  });

  it('accepts only positive integer work ids from the route', () => {
    expect(parseWorkId('5')).toBe(5);
    expect(parseWorkId('05')).toBe(5);
    expect(parseWorkId('0')).toBeNull();
    expect(parseWorkId('5a')).toBeNull();
    expect(parseWorkId('-5')).toBeNull();
    expect(parseWorkId(undefined)).toBeNull();
    expect(parseWorkId('99999999999999999999')).toBeNull();
  });
});
