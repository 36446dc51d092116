import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bindNavigation } from '../../app/navigation';
import { i18n } from '../../i18n/i18n';
import { useUiStore } from '../../stores/ui.store';
import { renderWithProviders } from '../../test/render-app';
import { LegalDialog } from './LegalDialog';

describe('legal reading dialog (SPEC 2: agreement and privacy policy in the current language)', () => {
  it('shows the user agreement in English with the SPEC 1 points rules', async () => {
    renderWithProviders(<LegalDialog />);
    act(() => useUiStore.getState().openLegal('agreement'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Layerline User Agreement')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: '6. Points' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Points are not convertible to cash');
    expect(dialog).toHaveTextContent('tasks, activities and store purchases');
    expect(dialog).toHaveTextContent('You keep the copyright');
  });

  it('shows the privacy policy in Chinese when the language is zh', async () => {
    await i18n.changeLanguage('zh');
    renderWithProviders(<LegalDialog />);
    act(() => useUiStore.getState().openLegal('privacy'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Layerline 隐私政策')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('保存在位于美国的云端');
    expect(dialog).not.toHaveTextContent('United States');
  });

  it('follows a language switch while open and closes from the store', async () => {
    renderWithProviders(<LegalDialog />);
    act(() => useUiStore.getState().openLegal('privacy'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('held in a cloud in the United States');
    await act(() => i18n.changeLanguage('zh'));
    expect(dialog).toHaveTextContent('隐私政策');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(useUiStore.getState().legalDocument).toBeNull();
  });

  it('links "the feedback form" to the feedback screen and closes the dialogs on the way', async () => {
    const navigate = vi.fn();
    const unbind = bindNavigation(navigate);
    renderWithProviders(<LegalDialog />);
    act(() => {
      useUiStore.getState().openLogin();
      useUiStore.getState().openLegal('privacy');
    });
    const dialog = await screen.findByRole('dialog');
    const links = within(dialog).getAllByRole('link', { name: 'feedback form' });
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/feedback');
    expect(dialog).toHaveTextContent('can be sent through the feedback form in Layerline.');
    await userEvent.setup().click(links[0] as HTMLElement);
    expect(navigate).toHaveBeenCalledWith('/feedback', {});
    expect(useUiStore.getState().legalDocument).toBeNull();
    expect(useUiStore.getState().loginDialog.open).toBe(false);
    unbind();
  });
});
