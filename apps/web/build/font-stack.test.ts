import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';
import { FONT_STACK } from '../src/app/font-stack';
import { FONT_STACK_PLACEHOLDER, fillFontStack } from './font-stack';

describe('the font stack in index.html (ADR 0033)', () => {
  it("writes the app's stack where index.html declares --ll-font", () => {
    const filled = fillFontStack(indexHtml);
    expect(filled).not.toContain(FONT_STACK_PLACEHOLDER);
    expect(/--ll-font:([^;]+);/.exec(filled)?.[1]?.trim()).toBe(FONT_STACK);
  });

  it('refuses a page without the placeholder instead of leaving the first paint without fonts', () => {
    expect(() => fillFontStack('<style>:root { --ll-font: serif; }</style>')).toThrow(
      FONT_STACK_PLACEHOLDER,
    );
  });
});
