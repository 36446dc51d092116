import { screen, waitFor } from '@testing-library/react';
import Empty from 'antd/es/empty';
import { describe, expect, it, vi } from 'vitest';
import { LanguageSwitch } from '../app/layout/LanguageSwitch';
import { renderWithProviders } from '../test/render-app';
import { i18n } from './i18n';

describe('language switch (SPEC 4 Language)', () => {
  it('switches, stores the choice, updates <html lang> and antd, and confirms in the new language', async () => {
    const { user } = renderWithProviders(
      <>
        <LanguageSwitch />
        <Empty />
      </>,
    );
    expect(screen.getAllByText('No data').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByText('中文'));

    expect(await screen.findByText('语言已切换为中文。')).toBeInTheDocument();
    expect(i18n.resolvedLanguage).toBe('zh');
    expect(window.localStorage.getItem('locale')).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    await waitFor(() => expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0));
  });

  it('switches back to English with an English message', async () => {
    await i18n.changeLanguage('zh');
    const { user } = renderWithProviders(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: '语言' }));
    await user.click(await screen.findByText('English'));
    expect(await screen.findByText('The language is now English.')).toBeInTheDocument();
    expect(window.localStorage.getItem('locale')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('shows the failure message and keeps the language when switching fails', async () => {
    vi.spyOn(i18n, 'changeLanguage').mockRejectedValueOnce(new Error('broken'));
    const { user } = renderWithProviders(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByText('中文'));
    expect(
      await screen.findByText('Switching the language failed. Please try again.'),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('locale')).toBeNull();
    expect(i18n.resolvedLanguage).toBe('en');
  });
});
