import { LIMITS } from '@layerline/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { FAST_USER } from '../../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../../test/fake-network';
import { renderApp } from '../../../test/render-app';
import { PUBLISH_PATHS } from '../publish-api';
import { addChip, chooseFiles, file, serveUploads, setUpPublisher } from './publish.fakes';

async function openPublish() {
  setUpPublisher();
  const view = renderApp('/publish', FAST_USER);
  await screen.findByRole('heading', { name: 'Publish a work', level: 1 });
  await screen.findByTestId('publish-title');
  return view;
}

describe('publish form: SPEC 5 rules in the current language', () => {
  it('names every missing required field and sends nothing', async () => {
    const { user } = await openPublish();
    await user.click(screen.getByTestId('publish-submit'));
    for (const text of [
      'Please enter a title',
      'Please upload at least one project file',
      'Please enter the software used',
      'Please choose at least one machine',
      'Please choose at least one application scenario',
      'Please enter the materials',
      'Please choose a difficulty',
      'Please choose at least one category',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('Some fields need your attention.')).toBeVisible();
    expect(fakeNetwork().callsTo('POST', PUBLISH_PATHS.create)).toHaveLength(0);
  });

  it('asks a remix for the link to its original', async () => {
    const { user } = await openPublish();
    await user.click(screen.getByRole('radio', { name: 'Remix' }));
    const link = await screen.findByLabelText('Link to the original work');
    await user.click(screen.getByTestId('publish-submit'));
    expect(await screen.findByText('A remix needs the link to the original work')).toBeVisible();
    await user.type(link, 'ftp://example.com/x');
    expect(
      await screen.findByText('The source link must be an http or https address'),
    ).toBeVisible();
  });

  it('shows the rules in Chinese when the language is Chinese', async () => {
    const { user } = await openPublish();
    await act(() => i18n.changeLanguage('zh'));
    await user.click(screen.getByTestId('publish-submit'));
    expect(await screen.findByText('请输入标题')).toBeInTheDocument();
    expect(screen.getByText('请至少选择一个分类')).toBeInTheDocument();
  });

  it('refuses a material or tag given twice, whatever its case', async () => {
    const { user } = await openPublish();
    await addChip(user, 'Materials', 'PLA');
    await addChip(user, 'Materials', ' pla ');
    expect(await screen.findByText('Materials cannot be repeated')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove PLA$/i })).toHaveLength(1);

    await addChip(user, 'Tags', 'Lamp');
    await addChip(user, 'Tags', 'LAMP');
    expect(await screen.findByText('Tags cannot be repeated')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove lamp$/i })).toHaveLength(1);
  });

  it(`takes at most ${LIMITS.tagsPerWork} tags`, async () => {
    const { user } = await openPublish();
    const many = Array.from({ length: LIMITS.tagsPerWork + 1 }, (_, index) => `t${index}`);
    await addChip(user, 'Tags', many.join(','));
    expect(await screen.findByText('At most 20 tags can be added')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove t\d+$/ })).toHaveLength(
      LIMITS.tagsPerWork,
    );
  });

  it('offers the material list as toggles', async () => {
    const { user } = await openPublish();
    await user.click(await screen.findByText('Plywood'));
    expect(screen.getByRole('button', { name: 'Remove Plywood' })).toBeInTheDocument();
    await addChip(user, 'Materials', 'plywood');
    expect(await screen.findByText('Materials cannot be repeated')).toBeInTheDocument();
  });
});

describe('publish form: files checked before upload (SPEC 5, SPEC 9)', () => {
  it('refuses a cover image over 10MB and a cover that is not an image', async () => {
    await openPublish();
    chooseFiles('publish-cover-input', [file('huge.png', 'image/png', LIMITS.coverMaxBytes + 1)]);
    expect(await screen.findByText('A cover image can be at most 10MB.')).toBeInTheDocument();
    chooseFiles('publish-cover-input', [file('notes.txt', 'text/plain')]);
    expect(
      await screen.findByText('Only JPG, PNG, GIF or WebP images are allowed.'),
    ).toBeInTheDocument();
    expect(fakeNetwork().callsTo('POST', PUBLISH_PATHS.upload)).toHaveLength(0);
  });

  it('refuses design files of other formats', async () => {
    await openPublish();
    chooseFiles('publish-files-input', [file('setup.exe', 'application/octet-stream')]);
    expect(await screen.findByText(/This design file format is not supported/)).toBeVisible();
    expect(fakeNetwork().callsTo('POST', PUBLISH_PATHS.upload)).toHaveLength(0);
  });

  it('blocks publishing while an upload runs, and says why (SPEC 4)', async () => {
    let finish: (response: Response) => void = () => {};
    fakeNetwork().on(
      'POST',
      PUBLISH_PATHS.upload,
      () => new Promise<Response>((resolve) => (finish = resolve)),
    );
    const { user } = await openPublish();
    chooseFiles('publish-files-input', [file('box.stl', 'model/stl', 4096)]);
    const progress = await screen.findByRole('progressbar', { name: 'Uploading box.stl' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    const submit = screen.getByTestId('publish-submit');
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(
      'Uploads are still running. You can publish once they have finished.',
    );
    const call = fakeNetwork().callsTo('POST', PUBLISH_PATHS.upload)[0];
    expect(call?.query.get('kind')).toBe('design');

    // Cancelling stops the upload and frees the button.
    await user.click(screen.getByRole('button', { name: 'Cancel the upload of box.stl' }));
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.queryByText('box.stl')).toBeNull();

    chooseFiles('publish-files-input', [file('box.stl', 'model/stl', 4096)]);
    await waitFor(() => expect(submit).toBeDisabled());
    finish(
      envelopeReply({ url: '/files/design/box.stl', filename: 'box.stl', size: 4096, mime: 'x' }),
    );
    await waitFor(() => expect(submit).toBeEnabled());
    const row = screen.getByText('box.stl').closest('li') as HTMLElement;
    expect(within(row).getByText('4.0 KB')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Remove box.stl' })).toBeInTheDocument();
  });

  it('takes the instructions as one PDF, uploaded as kind=instruction', async () => {
    fakeNetwork().on('POST', PUBLISH_PATHS.upload, () =>
      envelopeReply({
        url: '/files/instruction/steps.pdf',
        filename: 'steps.pdf',
        size: 9,
        mime: 'application/pdf',
      }),
    );
    const { user } = await openPublish();
    await user.click(screen.getByRole('radio', { name: 'PDF file' }));
    chooseFiles('publish-pdf-input', [file('notes.txt', 'text/plain')]);
    expect(await screen.findByText('Only PDF files are allowed.')).toBeVisible();
    expect(fakeNetwork().callsTo('POST', PUBLISH_PATHS.upload)).toHaveLength(0);

    chooseFiles('publish-pdf-input', [file('steps.pdf', 'application/pdf')]);
    expect(await screen.findByRole('button', { name: 'Remove steps.pdf' })).toBeVisible();
    expect(fakeNetwork().callsTo('POST', PUBLISH_PATHS.upload)[0]?.query.get('kind')).toBe(
      'instruction',
    );
    expect(screen.queryByRole('textbox', { name: 'Guide' })).toBeNull();
  });

  it('reorders covers by dragging; the first one is the card image', async () => {
    serveUploads();
    await openPublish();
    chooseFiles('publish-cover-input', [file('a.png', 'image/png'), file('b.png', 'image/png')]);
    const first = await screen.findByRole('img', { name: 'Cover 1' });
    await waitFor(() => expect(first).toHaveAttribute('src', '/files/cover/thumb-a.png'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Cover 2' })).toHaveAttribute(
        'src',
        '/files/cover/thumb-b.png',
      ),
    );
    const tiles = screen.getAllByRole('listitem').filter((item) => item.draggable);
    const [tileA, tileB] = tiles as [HTMLElement, HTMLElement];
    fireEvent.dragStart(tileB, { dataTransfer: { effectAllowed: 'none' } });
    fireEvent.dragOver(tileA);
    fireEvent.drop(tileA);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Cover 1' })).toHaveAttribute(
        'src',
        '/files/cover/thumb-b.png',
      ),
    );
    const card = screen.getByText('Card image').closest('figure') as HTMLElement;
    expect(within(card).getByRole('img', { name: 'Cover 1' })).toBeInTheDocument();
  });
});
