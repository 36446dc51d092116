import { describe, expect, it } from 'vitest';
import { readSvgLayers, withHiddenLayers } from './svg-layers';

const LOGO = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="80mm" height="40.5mm" viewBox="0 0 80 40.5">',
  '<g id="engrave"><path d="M0 0L1 0L1 1Z" fill="#000000" fill-rule="evenodd" stroke="none"/></g>',
  '<g id="cut"><path d="M0 0L2 0L2 2Z" fill="none" stroke="#ff0000" stroke-width="0.05"/><path d="M3 3L4 3L4 4Z" fill="none" stroke="#ff0000" stroke-width="0.05"/></g>',
  '</svg>',
].join('');

describe('vector result layers', () => {
  it('reads each layer as cut or engrave with its colour and the size in mm', () => {
    expect(readSvgLayers(LOGO)).toEqual({
      widthMm: 80,
      heightMm: 40.5,
      layers: [
        { id: 'engrave', role: 'engrave', color: '#000000', paths: 1 },
        { id: 'cut', role: 'cut', color: '#ff0000', paths: 2 },
      ],
    });
  });

  it('hides the chosen layers and nothing else', () => {
    const text = withHiddenLayers(LOGO, new Set(['cut']));
    const info = new DOMParser().parseFromString(text, 'image/svg+xml');
    expect(info.getElementById('cut')?.getAttribute('display')).toBe('none');
    expect(info.getElementById('engrave')?.hasAttribute('display')).toBe(false);
  });

  it('refuses what is not an SVG document', () => {
    expect(readSvgLayers('<html><body>x</body></html>')).toBeNull();
    expect(readSvgLayers('not xml <')).toBeNull();
  });
});
