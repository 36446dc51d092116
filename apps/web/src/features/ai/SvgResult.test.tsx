import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { SvgResult } from './SvgResult';
import './i18n';

/** What the vectorise engine writes: a layer named by its role, and colour layers by number. */
const SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="80mm" height="40mm" viewBox="0 0 80 40">',
  '<g id="engrave"><path d="M0 0h10v10z" fill="#000000"/></g>',
  '<g id="color-2"><path d="M20 0h10v10z" fill="#ff0000"/></g>',
  '<g id="cut"><path d="M40 0h10v10z" fill="none" stroke="#0000ff"/></g>',
  '</svg>',
].join('');

describe('SvgResult layers (DESIGN 5)', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(SVG, { headers: { 'Content-Type': 'image/svg+xml' } })),
    );
    URL.createObjectURL ??= () => 'blob:svg';
    URL.revokeObjectURL ??= () => undefined;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names each layer by its role in the reader’s language, adding its id only where the id says more', async () => {
    renderWithProviders(<SvgResult url="/files/ai/v.svg" />);
    expect(await screen.findByTestId('ai-svg-size')).toHaveTextContent('80.0 × 40.0 mm');
    const layers = within(screen.getByRole('list', { name: 'Layers' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(layers).toEqual(['Engrave', 'Engrave · Colour 2', 'Cut']);
  });
});
