import './lazy/work';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { useFixedT } from './use-fixed-t';

const seen: unknown[] = [];

function Likes({ id }: { id: string }) {
  const t = useFixedT('work');
  seen.push(t);
  return <span data-testid={id}>{t('card.likes')}</span>;
}

describe('useFixedT (a namespace shared by many cards)', () => {
  it("gives the namespace's texts in the current language, one t for every instance, and follows a switch", async () => {
    render(
      <>
        <Likes id="a" />
        <Likes id="b" />
      </>,
    );
    expect(screen.getByTestId('a')).toHaveTextContent('Likes');
    expect(new Set(seen).size).toBe(1);
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByTestId('a')).toHaveTextContent('点赞');
    expect(screen.getByTestId('b')).toHaveTextContent('点赞');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('b')).toHaveTextContent('Likes');
  });
});
