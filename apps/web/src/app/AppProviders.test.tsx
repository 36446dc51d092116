import { act, screen } from '@testing-library/react';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { renderWithProviders } from '../test/render-app';

function AuthButtons() {
  const { t } = useTranslation('auth');
  return (
    <>
      <Button>{t('panels.login')}</Button>
      <Button type="primary">{t('panels.register')}</Button>
    </>
  );
}

describe('AppProviders', () => {
  it('leaves two-character Chinese button labels as written, with no space inserted', async () => {
    await act(() => i18n.changeLanguage('zh'));
    renderWithProviders(<AuthButtons />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '登录',
      '注册',
    ]);
  });
});
