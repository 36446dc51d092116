import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { FAST_USER, LOAD_TIMEOUT_MS, logInAs, serveUserInfo } from '../../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../../test/fake-network';
import { renderApp } from '../../../test/render-app';
import { createAuthorCard, serveWork } from '../test-fakes';
import { OPENED_IN_APP } from '../use-open-work';

const findDetail = () => screen.findByTestId('work-detail', {}, { timeout: LOAD_TIMEOUT_MS });
const closeButton = () =>
  within(screen.getByRole('dialog', { name: 'Lithophane lamp' })).getByRole('button', {
    name: 'Close',
  });

describe('/work/:id (SPEC 2 product detail modal as a route)', () => {
  it('opens the modal over the feed, titles the page after the work, and closes home', async () => {
    serveWork();
    const { router, user } = renderApp('/work/5', FAST_USER);
    await findDetail();
    expect(await screen.findByTestId('work-title')).toHaveTextContent('Lithophane lamp');
    expect(await screen.findByRole('heading', { name: 'Works', hidden: true })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Lithophane lamp - Layerline'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'A moon lamp printed in white PLA.',
    );

    await user.click(closeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByTestId('work-detail')).toBeNull());
    await waitFor(() => expect(document.title).toBe('Layerline - Home'));
  });

  it('goes back to the page it was opened from, with the feed kept mounted', async () => {
    serveWork();
    const { router, user } = renderApp('/', FAST_USER);
    const works = await screen.findByRole('heading', { name: 'Works' });
    await act(() => router.navigate('/work/5', { state: OPENED_IN_APP }));
    await findDetail();
    await screen.findByTestId('work-title');
    await user.click(closeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('POP');
    expect(screen.getByRole('heading', { name: 'Works' })).toBe(works);
  });

  it('keeps the work shown and its page title across a language switch', async () => {
    serveWork();
    renderApp('/work/5', FAST_USER);
    await findDetail();
    await screen.findByTestId('work-title');
    await act(() => i18n.changeLanguage('zh'));
    expect(await screen.findByRole('tab', { name: '产品信息' })).toBeInTheDocument();
    expect(screen.getByTestId('work-title')).toHaveTextContent('Lithophane lamp');
    await waitFor(() => {
      const calls = fakeNetwork().callsTo('GET', '/api/v1/works/5');
      expect(calls.at(-1)?.headers.get('Content-Language')).toBe('zh');
    });
    await waitFor(() => expect(document.title).toBe('Lithophane lamp - Layerline'));
  });

  it('sends an invalid id home', async () => {
    const { router } = renderApp('/work/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByTestId('work-detail')).toBeNull();
  });

  it("shows the author's hover card, whose latest works open in the modal", async () => {
    serveWork();
    fakeNetwork().on('GET', '/api/v1/works/author/9', () => envelopeReply(createAuthorCard()));
    const { router, user } = renderApp('/work/5', FAST_USER);
    const detail = within(await findDetail());
    await user.hover(await detail.findByTestId('work-author'));
    const card = within(await screen.findByTestId('author-card', {}, { timeout: LOAD_TIMEOUT_MS }));
    // The card's own answer replaces what the detail knew (7, 8, 9 and three works).
    const latest = await card.findByRole(
      'button',
      { name: 'Lamp shade' },
      { timeout: LOAD_TIMEOUT_MS },
    );
    expect(card.queryByRole('button', { name: 'Desk tidy' })).toBeNull();
    expect(card.getByText('70')).toBeInTheDocument();
    expect(card.getByText('80')).toBeInTheDocument();
    expect(card.getByText('90')).toBeInTheDocument();
    expect(card.getByTestId('follow-button')).toHaveTextContent('Follow');
    await user.click(latest);
    await waitFor(() => expect(router.state.location.pathname).toBe('/work/31'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves no modal over the page the author link opens', async () => {
    logInAs();
    serveUserInfo();
    serveWork();
    const { router, user } = renderApp('/work/5', FAST_USER);
    const detail = within(await findDetail());
    await user.click(await detail.findByTestId('work-author'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userInfor/9'));
    await waitFor(() => expect(screen.queryByTestId('work-detail')).toBeNull());
  });
});
