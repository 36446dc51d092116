import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../i18n/format';
import { useUiStore } from '../../../stores/ui.store';
import { createUserInfo, FAST_USER, LOAD_TIMEOUT_MS, logInAs } from '../../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../../test/fake-network';
import { renderApp } from '../../../test/render-app';
import { resizeWindowTo } from '../../../test/window';
import { createWorkDetail, serveWork, stubFileSaving } from '../test-fakes';

const OWNER = createUserInfo({ userId: 9 });

/**
 * A dialog by its title text: antd's confirmations have no accessible name,
 * and under test every antd modal title gets the same id ('test-id').
 */
async function findDialogWith(title: string) {
  await screen.findAllByText(title);
  const dialog = screen
    .getAllByRole('dialog')
    .find((element) => within(element).queryAllByText(title).length > 0);
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return dialog;
}

async function openWork(path = '/work/5') {
  const view = renderApp(path, FAST_USER);
  const detail = await screen.findByTestId('work-detail', {}, { timeout: LOAD_TIMEOUT_MS });
  return { ...view, detail: within(detail) };
}

let saving: ReturnType<typeof stubFileSaving>;
beforeEach(() => {
  saving = stubFileSaving();
});
afterEach(() => saving.restore());

describe('product detail modal (SPEC 2, SPEC 3 fields)', () => {
  it('is a full-screen sheet below the mobile threshold, 62% wide above it', async () => {
    serveWork();
    resizeWindowTo(390);
    const phone = await openWork();
    const sheet = document.querySelector<HTMLElement>('.work-detail-modal');
    expect(sheet).toHaveClass('work-detail-modal--sheet');
    expect(sheet).toHaveStyle({ width: '100%' });
    phone.unmount();

    resizeWindowTo(1280);
    await openWork();
    const modal = document.querySelector<HTMLElement>('.work-detail-modal');
    expect(modal).not.toHaveClass('work-detail-modal--sheet');
    expect(modal).toHaveStyle({ width: '62%' });
  });

  it('shows every part of the work to a visitor', async () => {
    const work = serveWork();
    const { detail, user } = await openWork();
    expect(await screen.findByTestId('work-title')).toHaveTextContent('Lithophane lamp');
    expect(screen.getByRole('dialog', { name: 'Lithophane lamp' })).toBeInTheDocument();

    // Carousel: cover first, then the images, with counter and dots.
    expect(detail.getByTestId('work-gallery-counter')).toHaveTextContent('1/3');
    expect(detail.getAllByRole('button', { name: /^Show image/ })).toHaveLength(3);
    await user.click(detail.getByRole('button', { name: 'Next image' }));
    expect(detail.getByTestId('work-gallery-counter')).toHaveTextContent('2/3');

    // Author block, follow for a visitor, no owner actions.
    expect(detail.getByText('Maker Nine')).toBeInTheDocument();
    expect(detail.getAllByText('Laser pro').length).toBeGreaterThan(0);
    // The follow button comes with the detail's antd parts, after its first screen (ADR 0058).
    expect(await detail.findByTestId('follow-button')).toHaveTextContent('Follow');
    expect(detail.queryByTestId('work-edit')).toBeNull();
    expect(detail.queryByTestId('work-delete')).toBeNull();

    expect(detail.getByTestId('work-summary')).toHaveTextContent(work.summary);
    expect(detail.getByTestId('work-price')).toHaveTextContent('Free');

    // Files: name, readable size, a preview only where the browser can show the format.
    const rows = detail.getAllByTestId('work-file-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('lamp.stl');
    expect(rows[0]).toHaveTextContent('1.5 MB');
    expect(rows[1]).toHaveTextContent('2 KB');
    expect(within(rows[0] as HTMLElement).getByTestId('work-preview')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByTestId('work-preview')).toBeNull();
    expect(detail.getAllByTestId('work-download')).toHaveLength(2);

    // Product info tab.
    const row = (key: string) => detail.getByTestId(`work-info-${key}`);
    expect(row('software')).toHaveTextContent('Fusion 360');
    expect(row('machines')).toHaveTextContent('Bambu X1');
    expect(row('applications')).toHaveTextContent('Engraving, Screen printing');
    expect(row('materials')).toHaveTextContent('PLA, Plywood');
    expect(row('difficulty')).toHaveTextContent('Intermediate');
    expect(row('categories')).toHaveTextContent('Home decor');
    expect(within(row('source')).getByRole('link')).toHaveAttribute('href', work.source_url);
    expect(row('published')).toHaveTextContent(formatDateTime(work.CreatedAt));
    expect(detail.getByTestId('work-ai-badge')).toHaveTextContent('AI-assisted');

    expect(detail.getAllByTestId('work-tag').map((tag) => tag.textContent)).toEqual([
      '#moon',
      '#lamp',
    ]);
    // Counts beside the files.
    expect(detail.getByTestId('work-stat-likes')).toHaveTextContent('12');
    expect(detail.getByTestId('work-stat-collects')).toHaveTextContent('3');
    expect(detail.getByTestId('work-stat-downloads')).toHaveTextContent('30');
    expect(detail.getByTestId('work-stat-comments')).toHaveTextContent('4');
    const bar = detail.getByTestId('work-social-bar');
    expect(within(bar).getByTestId('work-comments')).toHaveTextContent('4');
    expect(within(bar).getByTestId('work-likes')).toHaveTextContent('12');
    expect(within(bar).getByTestId('work-collects')).toHaveTextContent('3');

    // Production documents: the sanitised guide and the instruction PDF.
    await user.click(detail.getByRole('tab', { name: 'Production documents' }));
    const guide = await detail.findByTestId('work-guide');
    expect(within(guide).getByRole('heading', { name: 'Print settings' })).toBeInTheDocument();
    const pdf = detail.getByTestId('work-instruction');
    expect(pdf).toHaveTextContent('lamp-guide.pdf');
    expect(within(pdf).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/files/lamp-guide.pdf',
    );
  });

  it('shows a price and no rejection notice to others', async () => {
    serveWork(createWorkDetail({ price: 12.5, originalPrice: 20 }));
    const { detail } = await openWork();
    expect(await detail.findByTestId('work-price')).toHaveTextContent('¥12.50¥20');
    expect(detail.queryByTestId('work-rejected')).toBeNull();
  });

  it('gives the owner edit and delete instead of follow (SPEC 6)', async () => {
    logInAs(OWNER);
    serveWork();
    const { detail, user, router } = await openWork();
    expect(await detail.findByTestId('work-edit')).toBeInTheDocument();
    expect(detail.getByTestId('work-delete')).toBeInTheDocument();
    expect(detail.queryByTestId('follow-button')).toBeNull();
    await user.click(detail.getByTestId('work-edit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publish'));
    expect(router.state.location.search).toBe('?productId=5');
  });

  it('deletes after confirmation, closes and says so', async () => {
    logInAs(OWNER);
    serveWork();
    fakeNetwork().on('DELETE', '/api/v1/works/5', () => envelopeReply({ id: 5 }));
    const { detail, user, router } = await openWork();
    await user.click(await detail.findByTestId('work-delete'));
    const confirm = await findDialogWith('Delete this work?');
    expect(fakeNetwork().callsTo('DELETE', '/api/v1/works/5')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The work has been deleted.')).toBeInTheDocument();
    const calls = fakeNetwork().callsTo('DELETE', '/api/v1/works/5');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.authorization).toBe('Bearer access-0');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByTestId('work-detail')).toBeNull());
    // The deleted work is not asked for again on the way out (it would answer 404).
    expect(fakeNetwork().callsTo('GET', '/api/v1/works/5')).toHaveLength(1);
  });

  it('keeps the work when the confirmation is cancelled', async () => {
    logInAs(OWNER);
    serveWork();
    const { detail, user, router } = await openWork();
    await user.click(await detail.findByTestId('work-delete'));
    const confirm = await findDialogWith('Delete this work?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fakeNetwork().callsTo('DELETE', '/api/v1/works/5')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/work/5');
  });

  it("sends a 404 (another user's unpublished work, a missing one) to /404 (SPEC 2)", async () => {
    serveWork();
    const { router } = renderApp('/work/6');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'), {
      timeout: LOAD_TIMEOUT_MS,
    });
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(screen.queryByTestId('work-detail')).toBeNull());
  });

  it('shows the owner the rejection reason and an appeal', async () => {
    logInAs(OWNER);
    serveWork(createWorkDetail({ status: 'rejected', rejection_reason: 'Blurry photos' }));
    const { detail, user } = await openWork();
    const notice = await detail.findByTestId('work-rejected');
    expect(notice).toHaveTextContent('Review not passed');
    expect(notice).toHaveTextContent('Reason: Blurry photos');
    await user.click(within(notice).getByTestId('work-appeal'));
    const appeal = await findDialogWith('Appeal the review result');
    expect(within(appeal).getByLabelText('Reason for the appeal')).toBeInTheDocument();
  });

  it('sends a visitor who downloads to the login dialog', async () => {
    serveWork();
    const { detail, user } = await openWork();
    await user.click((await detail.findAllByTestId('work-download'))[0] as HTMLElement);
    expect(useUiStore.getState().loginDialog).toMatchObject({
      open: true,
      pendingRoute: '/work/5',
    });
    expect(fakeNetwork().callsTo('GET', '/api/v1/works/download/5')).toHaveLength(0);
  });

  // SPEC 5/6, ADR 0009: the preview's download is the counted, login-only one, not the file's URL.
  it("sends a visitor who downloads from the preview to the login dialog, never to the file's URL", async () => {
    serveWork();
    const { detail, user } = await openWork();
    await user.click((await detail.findAllByTestId('work-preview'))[0] as HTMLElement);
    const download = await screen.findByTestId(
      'preview-download',
      {},
      { timeout: LOAD_TIMEOUT_MS },
    );
    expect(download.closest('a')).toBeNull();
    expect(screen.queryByRole('link', { name: /download/i })).toBeNull();
    await user.click(download);
    expect(useUiStore.getState().loginDialog).toMatchObject({
      open: true,
      pendingRoute: '/work/5',
    });
    expect(fakeNetwork().callsTo('GET', '/api/v1/works/download/5')).toHaveLength(0);
  });

  it('downloads the previewed file through the endpoint and shows the new count at once', async () => {
    logInAs();
    const work = createWorkDetail();
    let counted = work.download_count;
    fakeNetwork().on('GET', /^\/api\/v1\/works\/5$/, () =>
      envelopeReply({ ...work, download_count: counted }),
    );
    fakeNetwork().on('GET', '/api/v1/works/download/5', () => {
      counted += 1;
      return new Response('bytes', {
        headers: { 'content-disposition': "attachment; filename*=UTF-8''lamp.stl" },
      });
    });
    const { detail, user } = await openWork();
    expect(await detail.findByTestId('work-stat-downloads')).toHaveTextContent(String(counted));
    const before = counted;
    await user.click((await detail.findAllByTestId('work-preview'))[0] as HTMLElement);
    await user.click(
      await screen.findByTestId('preview-download', {}, { timeout: LOAD_TIMEOUT_MS }),
    );
    await waitFor(() => expect(saving.saved).toEqual(['lamp.stl']));
    expect(fakeNetwork().callsTo('GET', '/api/v1/works/download/5')[0]?.query.get('file')).toBe(
      '0',
    );
    await waitFor(
      () => expect(detail.getByTestId('work-stat-downloads')).toHaveTextContent(String(before + 1)),
      { timeout: LOAD_TIMEOUT_MS },
    );
  });

  it('downloads one file, or all, with the token, under the server name', async () => {
    logInAs();
    serveWork();
    fakeNetwork().on('GET', '/api/v1/works/download/5', (request) => {
      const name = request.query.has('file') ? 'lamp.stl' : 'Lithophane lamp.zip';
      return new Response('bytes', {
        headers: {
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
        },
      });
    });
    const { detail, user } = await openWork();
    await user.click((await detail.findAllByTestId('work-download'))[0] as HTMLElement);
    await waitFor(() => expect(saving.saved).toEqual(['lamp.stl']));
    const [first] = fakeNetwork().callsTo('GET', '/api/v1/works/download/5');
    expect(first?.query.get('file')).toBe('0');
    expect(first?.authorization).toBe('Bearer access-0');

    // After the SPEC 4 lock (1000 ms) the next download goes through.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1100)));
    await user.click(detail.getByTestId('work-download-all'));
    await waitFor(() => expect(saving.saved).toEqual(['lamp.stl', 'Lithophane lamp.zip']));
    expect(fakeNetwork().callsTo('GET', '/api/v1/works/download/5')[1]?.query.has('file')).toBe(
      false,
    );
  });
});
