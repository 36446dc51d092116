import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { useLocale } from './use-locale';

function Shown() {
  return <span data-testid="locale">{useLocale()}</span>;
}

describe('useLocale (DESIGN 3)', () => {
  it('gives the current language and renders again on a switch, both ways', async () => {
    render(<Shown />);
    expect(screen.getByTestId('locale')).toHaveTextContent('en');
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByTestId('locale')).toHaveTextContent('zh');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('locale')).toHaveTextContent('en');
  });
});
