import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_USER, fill, LOAD_TIMEOUT_MS } from '../../../test/auth-fakes';
import { envelopeReply, fakeNetwork, type TNetworkRequest } from '../../../test/fake-network';
import { renderApp } from '../../../test/render-app';
import { PUBLISH_PATHS } from '../publish-api';
import {
  addChip,
  chooseFiles,
  createWorkDetail,
  file,
  pickOptions,
  serveUploads,
  setUpPublisher,
  stubEditorLayout,
} from './publish.fakes';

let restoreLayout = () => {};
beforeAll(() => {
  restoreLayout = stubEditorLayout();
});
afterAll(() => restoreLayout());

function serveWork(work = createWorkDetail({ id: 5 })) {
  fakeNetwork().on('GET', PUBLISH_PATHS.detail(work.id), () => envelopeReply(work));
  return work;
}

async function openPublish(path = '/publish') {
  setUpPublisher();
  serveUploads();
  const view = renderApp(path, FAST_USER);
  // The publish page is a lazily loaded chunk, slow to transform on a busy machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: LOAD_TIMEOUT_MS });
  return view;
}

type TView = Awaited<ReturnType<typeof openPublish>>;

/** Every required field, a guide, two covers in swapped order and one tag. */
async function fillForm({ user }: TView) {
  fill(await screen.findByTestId('publish-title'), '  Walnut lamp  ');
  fill(screen.getByLabelText('Summary'), 'A lamp cut from plywood.');
  chooseFiles('publish-files-input', [file('lamp.svg', 'image/svg+xml', 2048)]);
  chooseFiles('publish-cover-input', [
    file('front.png', 'image/png'),
    file('side.png', 'image/png'),
  ]);
  await screen.findByRole('button', { name: 'Remove lamp.svg' });
  await user.click(await screen.findByRole('button', { name: 'Move Cover 2 earlier' }));
  fill(screen.getByLabelText('Software'), 'LightBurn');
  await pickOptions(user, 'Machines', ['xTool F1', 'Bambu Lab X1']);
  await user.click(screen.getByRole('checkbox', { name: 'Cutting' }));
  await user.click(screen.getByRole('checkbox', { name: 'Engraving' }));
  await user.click(await screen.findByText('Plywood'));
  await addChip(user, 'Materials', 'Walnut veneer');
  await user.click(screen.getByRole('radio', { name: 'Intermediate' }));
  const guide = await screen.findByRole('textbox', { name: 'Guide' });
  await user.click(guide);
  await user.keyboard('Cut and glue.');
  await pickOptions(user, 'Categories', ['Lamps']);
  await addChip(user, 'Tags', 'lamp');
  await user.click(screen.getByRole('switch', { name: 'AI-assisted' }));
}

describe('publishing a work (SPEC 3 form, SPEC 7 POST /works/create)', () => {
  // Fills the whole form through the UI: slower than the other tests.
  it('posts the exact payload and says the work is in review', { timeout: 60_000 }, async () => {
    let sent: TNetworkRequest | null = null;
    fakeNetwork().on('POST', PUBLISH_PATHS.create, (request) => {
      sent = request;
      return envelopeReply(createWorkDetail({ id: 42, status: 'in_review' }));
    });
    const view = await openPublish();
    await fillForm(view);
    await view.user.click(screen.getByTestId('publish-submit'));

    const result = await screen.findByTestId('publish-result');
    expect((sent as TNetworkRequest | null)?.body).toEqual({
      title: 'Walnut lamp',
      summary: 'A lamp cut from plywood.',
      cover: ['/files/cover/side.png', '/files/cover/front.png'],
      project_file: [{ url: '/files/design/lamp.svg', filename: 'lamp.svg' }],
      source: 'original',
      source_url: '',
      software: 'LightBurn',
      machine_ids: [11, 21],
      apply_dev: [1, 2],
      use_material: ['Plywood', 'Walnut veneer'],
      level: 1,
      categories: [11],
      tags: ['lamp'],
      instruction: null,
      attachment: '<p>Cut and glue.</p>',
      is_ai_assisted: true,
    });
    const uploads = fakeNetwork().callsTo('POST', PUBLISH_PATHS.upload);
    expect(uploads.map((call) => call.query.get('kind'))).toEqual(['design', 'cover', 'cover']);

    const panel = within(result);
    expect(panel.getByText('Your work is in review')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'View the work' })).toHaveAttribute('href', '/work/42');
    expect(panel.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute(
      'href',
      '/userInfor/7',
    );
    await view.user.click(panel.getByRole('button', { name: 'Publish another' }));
    expect(await screen.findByTestId('publish-title')).toHaveValue('');
    expect(screen.queryByTestId('publish-result')).toBeNull();
  });
});

describe('refusals of the server (SPEC 8)', () => {
  it('shows the sensitive words of a 406 answer and keeps the form', async () => {
    serveWork();
    fakeNetwork().on('PUT', PUBLISH_PATHS.update, () =>
      envelopeReply({ words: ['badword', 'worse'] }, 406, 'The content contains sensitive words'),
    );
    const { user } = await openPublish('/publish?productId=5');
    fill(await screen.findByTestId('publish-title'), 'A badword lamp');
    await user.click(screen.getByTestId('publish-submit'));
    const title = await screen.findByText('The content contains sensitive words');
    const box = within(title.closest('[role="alert"]') as HTMLElement);
    expect(box.getByText('badword')).toBeInTheDocument();
    expect(box.getByText('worse')).toBeInTheDocument();
    expect(screen.getByTestId('publish-title')).toHaveValue('A badword lamp');
    expect(screen.queryByTestId('publish-result')).toBeNull();
  });

  it("shows the server's message when it refuses the form", async () => {
    serveWork();
    fakeNetwork().on('PUT', PUBLISH_PATHS.update, () =>
      envelopeReply(null, 400, 'A chosen machine does not exist'),
    );
    const { user } = await openPublish('/publish?productId=5');
    await screen.findByTestId('publish-title');
    await user.click(screen.getByTestId('publish-submit'));
    const alert = await screen.findByText('A chosen machine does not exist');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByTestId('publish-submit')).toBeEnabled();
  });
});

describe('editing a work (SPEC 2 ?productId, SPEC 6 owner)', () => {
  it('fills every saved field and saves with PUT and the id', async () => {
    const work = createWorkDetail({ id: 5 });
    fakeNetwork().on('GET', PUBLISH_PATHS.detail(5), () => envelopeReply(work));
    let sent: TNetworkRequest | null = null;
    fakeNetwork().on('PUT', PUBLISH_PATHS.update, (request) => {
      sent = request;
      return envelopeReply({ ...work, title: 'Walnut lamp v2', status: 'published' });
    });
    const { user } = await openPublish('/publish?productId=5');
    expect(screen.getByRole('heading', { name: 'Edit work #5', level: 1 })).toBeInTheDocument();

    const title = await screen.findByTestId('publish-title');
    expect(title).toHaveValue('Walnut lamp');
    expect(screen.getByLabelText('Summary')).toHaveValue('A lamp cut from plywood.');
    expect(screen.getByText('lamp.svg')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover 1' })).toHaveAttribute(
      'src',
      '/files/cover/lamp-1.webp',
    );
    expect(screen.getByLabelText('Software')).toHaveValue('LightBurn');
    expect(screen.getByRole('checkbox', { name: 'Engraving' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cutting' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Other' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Intermediate' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Original' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove Plywood' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove gift' })).toBeInTheDocument();
    expect(await screen.findByText('xTool F1')).toBeInTheDocument();
    expect(await screen.findByText('Lamps')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Guide' })).toHaveTextContent(
      'Cut, glue, light.',
    );
    expect(fakeNetwork().callsTo('GET', PUBLISH_PATHS.detail(5))[0]?.authorization).toBe(
      'Bearer access-0',
    );

    fill(title, 'Walnut lamp v2');
    expect(screen.getByTestId('publish-submit')).toHaveTextContent('Save changes');
    await user.click(screen.getByTestId('publish-submit'));
    const result = await screen.findByTestId('publish-result');
    expect((sent as TNetworkRequest | null)?.body).toEqual({
      id: 5,
      title: 'Walnut lamp v2',
      summary: 'A lamp cut from plywood.',
      cover: ['/files/cover/lamp-1.webp', '/files/cover/lamp-2.webp'],
      project_file: [{ url: '/files/design/lamp.svg', filename: 'lamp.svg' }],
      source: 'original',
      source_url: '',
      software: 'LightBurn',
      machine_ids: [11],
      apply_dev: [1, 2],
      use_material: ['Plywood'],
      level: 1,
      categories: [11],
      tags: ['lamp', 'gift'],
      instruction: null,
      attachment: '<p>Cut, glue, light.</p>',
      is_ai_assisted: false,
    });
    expect(fakeNetwork().callsTo('POST', PUBLISH_PATHS.create)).toHaveLength(0);
    expect(within(result).getByText('Your work is live')).toBeInTheDocument();
  });

  it('keeps a PDF as the instructions of a work that has one', async () => {
    const instruction = { url: '/files/instruction/steps.pdf', filename: 'steps.pdf', size: 9 };
    const work = createWorkDetail({ id: 6, instruction, attachment: '' });
    fakeNetwork().on('GET', PUBLISH_PATHS.detail(6), () => envelopeReply(work));
    let sent: TNetworkRequest | null = null;
    fakeNetwork().on('PUT', PUBLISH_PATHS.update, (request) => {
      sent = request;
      return envelopeReply(work);
    });
    const { user } = await openPublish('/publish?productId=6');
    expect(await screen.findByRole('radio', { name: 'PDF file' })).toBeChecked();
    expect(screen.getByText('steps.pdf')).toBeInTheDocument();
    await user.click(screen.getByTestId('publish-submit'));
    await screen.findByTestId('publish-result');
    expect((sent as { body: Record<string, unknown> } | null)?.body).toMatchObject({
      id: 6,
      instruction: { url: instruction.url, filename: 'steps.pdf' },
      attachment: '',
    });
  });

  it("refuses to edit someone else's work", async () => {
    fakeNetwork().on('GET', PUBLISH_PATHS.detail(8), () =>
      envelopeReply(createWorkDetail({ id: 8, created_by: 99, status: 'published' })),
    );
    await openPublish('/publish?productId=8');
    expect(await screen.findByText('You can only change your own works')).toBeInTheDocument();
    expect(screen.queryByTestId('publish-title')).toBeNull();
  });

  it('says so when the work does not exist, staying on the page', async () => {
    fakeNetwork().on('GET', PUBLISH_PATHS.detail(404), () =>
      envelopeReply(null, 404, 'The requested resource does not exist.'),
    );
    const { router } = await openPublish('/publish?productId=404');
    expect(
      await screen.findByText('This work does not exist or can no longer be edited.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/publish'));
    expect(screen.queryByTestId('publish-title')).toBeNull();
  });
});
