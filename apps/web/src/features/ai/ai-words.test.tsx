import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { LOAD_TIMEOUT_MS } from '../../test/auth-fakes';
import { renderWithProviders } from '../../test/render-app';
import { openAiPage, serveAiPage } from './ai-page.fakes';
import { startHintKey } from './job-state';
import { layerDetail } from './svg-layers';
import { ToolOptions } from './ToolOptions';
import { findTool } from './tools';
import './i18n';

const vectorize = findTool('laser', 'vectorize');
const logo = findTool('laser', 'textToLogo');

describe('empty optional number fields (Threshold, Width)', () => {
  it.each([
    [
      'en',
      'Threshold',
      'Width',
      'Ignore specks under',
      'Auto',
      'Leave it empty to have it set automatically',
    ],
    ['zh', '阈值', '宽度', '忽略小于此的杂点', '自动', '留空则自动设置'],
  ] as const)(
    'fill their column, with a short placeholder and the whole sentence as a hint (%s)',
    async (locale, threshold, width, despeckle, placeholder, hint) => {
      await act(() => i18n.changeLanguage(locale));
      renderWithProviders(
        <ToolOptions tool={vectorize} values={{}} disabled={false} onChange={() => undefined} />,
      );
      for (const name of [threshold, width]) {
        const input = screen.getByRole('spinbutton', { name });
        expect(input).toHaveAttribute('placeholder', placeholder);
        expect(input).toHaveAttribute('title', hint);
        // The field is as wide as its column ("Automatic" was cut to "Autom…" in 90 px).
        expect(input.closest('.ant-input-number')).toHaveStyle({ width: '100%' });
      }
      // A field that always has a value has no placeholder to explain.
      expect(screen.getByRole('spinbutton', { name: despeckle })).not.toHaveAttribute('title');
    },
  );
});

describe('the start hint names the empty field', () => {
  it('asks for the logo text on Text to logo, for a prompt elsewhere', () => {
    const textToImage = findTool('laser', 'textToImage');
    expect(startHintKey('missingText', logo)).toBe('start.blocks.missingLogoText');
    expect(startHintKey('missingText', textToImage)).toBe('start.blocks.missingText');
    expect(startHintKey('login', logo)).toBe('start.blocks.login');
    expect(i18n.getFixedT('zh', 'ai')(startHintKey('missingText', logo))).toBe(
      '请先输入 Logo 文字。',
    );
  });

  it('shows "Enter the logo text first." under an empty Logo text field', async () => {
    serveAiPage();
    const { user } = await openAiPage('/aiCreate?tab=laser');
    await user.click(await screen.findByTestId('ai-tool-textToLogo'));
    expect(screen.getByLabelText(/Logo text/)).toHaveValue('');
    const hint = await screen.findByTestId('ai-start-hint', undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    expect(hint).toHaveTextContent('Enter the logo text first.');
    expect(screen.queryByText('Enter a prompt first.')).toBeNull();
  });
});

describe('SVG layer names (no word said twice, none left in English)', () => {
  it('adds to the role only what the id says more, in the reader’s language', () => {
    expect(layerDetail({ id: 'engrave', role: 'engrave' })).toBeNull();
    expect(layerDetail({ id: 'hatching', role: 'engrave' })).toBeNull();
    expect(layerDetail({ id: 'color-2', role: 'engrave' })).toEqual({ kind: 'color', n: 2 });
    expect(layerDetail({ id: 'base', role: 'engrave' })).toEqual({ kind: 'base' });
    expect(layerDetail({ id: 'outline-7', role: 'cut' })).toEqual({ kind: 'id', id: 'outline-7' });
    const zh = i18n.getFixedT('zh', 'ai');
    expect(zh('result.layerName.color', { n: 2 })).toBe('颜色 2');
    expect(zh('result.layerName.base')).toBe('底色');
  });
});
