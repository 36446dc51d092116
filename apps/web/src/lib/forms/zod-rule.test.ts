import { ZEmail, ZNickname } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { zodRule } from './zod-rule';

const run = (rule: ReturnType<typeof zodRule>, value: unknown) =>
  Promise.resolve(rule.validator?.(rule, value, () => {})).then(
    () => null,
    (error: Error) => error.message,
  );

describe('zod schemas as antd rules', () => {
  it('passes valid values and names the contract message key of the first issue', async () => {
    const rule = zodRule(ZEmail, (key) => `text:${key}`);
    expect(await run(rule, 'maker@example.com')).toBeNull();
    expect(await run(rule, 'not-an-email')).toBe('text:emailFormat');
    expect(await run(rule, undefined)).toBe('text:emailFormat');
  });

  it('applies trimming and length rules of the contract (SPEC 5 nickname 2-30)', async () => {
    const rule = zodRule(ZNickname, (key) => `text:${key}`);
    expect(await run(rule, ' a ')).toBe('text:nicknameLength');
    expect(await run(rule, 'ab')).toBeNull();
    expect(await run(rule, 'x'.repeat(31))).toBe('text:nicknameLength');
  });
});
