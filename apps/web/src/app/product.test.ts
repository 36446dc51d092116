import { afterEach, describe, expect, it } from 'vitest';
import { getProductTitle } from './product';

function setApplicationName(content: string | null) {
  document.head.querySelector('meta[name="application-name"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.setAttribute('name', 'application-name');
  meta.setAttribute('content', content);
  document.head.appendChild(meta);
}

describe('product title (SPEC 2: configurable)', () => {
  afterEach(() => setApplicationName(null));

  it('reads the application-name meta the server fills in', () => {
    setApplicationName('MakerHub');
    expect(getProductTitle()).toBe('MakerHub');
  });

  it('falls back to Layerline while the placeholder is unreplaced or the tag is missing', () => {
    setApplicationName('__PRODUCT_TITLE__');
    expect(getProductTitle()).toBe('Layerline');
    setApplicationName('  ');
    expect(getProductTitle()).toBe('Layerline');
    setApplicationName(null);
    expect(getProductTitle()).toBe('Layerline');
  });
});
