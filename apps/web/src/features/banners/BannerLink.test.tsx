import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderHome } from '../../test/render-home';
import { BannerLink } from './BannerLink';

function Links() {
  return (
    <>
      <BannerLink link="/collections/7">internal</BannerLink>
      <BannerLink link="example.com/page">bare address</BannerLink>
      <BannerLink link="http://maker.example">http address</BannerLink>
      <BannerLink link="#">hash</BannerLink>
      <BannerLink link="">empty</BannerLink>
    </>
  );
}

describe('banner links in the page (SPEC 4 Links)', () => {
  it('renders ignored links as text, and others with their resolved address', () => {
    renderHome(<Links />);
    expect(screen.getByRole('link', { name: 'internal' })).toHaveAttribute(
      'href',
      '/collections/7',
    );
    expect(screen.getByRole('link', { name: 'bare address' })).toHaveAttribute(
      'href',
      'https://example.com/page',
    );
    expect(screen.getByRole('link', { name: 'http address' })).toHaveAttribute(
      'href',
      'http://maker.example',
    );
    expect(screen.queryByRole('link', { name: 'hash' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'empty' })).toBeNull();
  });

  it('ignores a click on an empty or # link', async () => {
    const open = vi.spyOn(window, 'open');
    const { user, router } = renderHome(<Links />);
    await user.click(screen.getByText('hash'));
    await user.click(screen.getByText('empty'));
    expect(open).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('navigates inside the app for our own paths', async () => {
    const open = vi.spyOn(window, 'open');
    const { user, router } = renderHome(<Links />);
    await user.click(screen.getByRole('link', { name: 'internal' }));
    expect(router.state.location.pathname).toBe('/collections/7');
    expect(open).not.toHaveBeenCalled();
  });

  it('opens other addresses in a new tab, https added', async () => {
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    const { user, router } = renderHome(<Links />);
    await user.click(screen.getByRole('link', { name: 'bare address' }));
    expect(open).toHaveBeenCalledWith('https://example.com/page', '_blank');
    expect(tab.opener).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });
});
