import type { Plugin } from 'vite';
import { FONT_STACK } from '../src/app/font-stack.ts';

/** Where index.html declares --ll-font for the first paint (ADR 0033). */
export const FONT_STACK_PLACEHOLDER = '__FONT_STACK__';

/** index.html with the app's font stack written in, so the page and the app use one stack. */
export function fillFontStack(html: string, stack: string = FONT_STACK): string {
  if (!html.includes(FONT_STACK_PLACEHOLDER)) {
    throw new Error(`index.html has no ${FONT_STACK_PLACEHOLDER} to write the font stack into`);
  }
  return html.replaceAll(FONT_STACK_PLACEHOLDER, stack);
}

/** Vite plugin: fillFontStack, for the dev server and the build alike. */
export function fontStackInPage(): Plugin {
  return {
    name: 'layerline:font-stack',
    transformIndexHtml: { order: 'pre', handler: (html) => fillFontStack(html) },
  };
}
