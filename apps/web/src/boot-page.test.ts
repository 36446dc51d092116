import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';

describe('index.html, the page the home paints first (docs/PERFORMANCE.md, tenth pass)', () => {
  it('lays out a Latin and a Chinese text in each of the boot font styles, unseen', () => {
    const document = new DOMParser().parseFromString(indexHtml, 'text/html');
    const box = document.querySelector('.boot-fonts');
    expect(box?.getAttribute('aria-hidden')).toBe('true');
    expect(box?.closest('#root')).toBeNull();
    const texts = [...(box?.querySelectorAll('span') ?? [])].map((span) => span.textContent);
    expect(texts.length).toBeGreaterThanOrEqual(10);
    for (const text of texts) expect(text).toMatch(/[A-Za-z].*\p{Script=Han}/u);
    const styles = /\.boot-fonts \{([^}]+)\}/.exec(indexHtml)?.[1] ?? '';
    expect(styles).toContain('visibility: hidden');
    expect(styles).toContain('font-family: var(--ll-font)');
  });
});
