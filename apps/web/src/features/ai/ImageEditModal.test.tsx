import { ERASE_MAX_MASK_PERCENT, type TAiFeature, type TAiJob } from '@layerline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FAST_USER, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderWithProviders } from '../../test/render-app';
import { FakeEventSource } from '../notifications/notifications.fakes';
import { createJob } from './ai.fakes';
import { ImageEditModal } from './ImageEditModal';
import { drag, installRecordingCanvas, layOutMaskEditor, loadPicture } from './mask-canvas.fakes';
import './i18n';

const FEATURES: TAiFeature[] = [
  { kind: 'remove_background', cost: 2, available: true, engine: 'local:isnet', setting: null },
  { kind: 'erase', cost: 1, available: true, engine: 'local:opencv', setting: null },
];
const SOURCE = { name: 'photo.png', preview: '/files/src.png', url: '/files/src.png', file: null };

/** Opens the modal on a stored picture and starts a background removal the server answers with `job`. */
async function startRemoval(job: TAiJob) {
  FakeEventSource.install();
  logInAs();
  fakeNetwork().on('POST', '/api/v1/ai/jobs', () => envelopeReply(job));
  const onClose = vi.fn();
  const onApply = vi.fn();
  const { user } = renderWithProviders(
    <ImageEditModal
      open
      source={SOURCE}
      features={FEATURES}
      balance={10}
      onApply={onApply}
      onClose={onClose}
    />,
    FAST_USER,
  );
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(
    dialog.getByText('Remove background', { selector: '.ant-segmented-item-label' }),
  );
  await user.click(dialog.getByRole('button', { name: 'Remove background' }));
  // The server's answer shows first; the stream follows it.
  expect(await screen.findByTestId('ai-progress')).toBeInTheDocument();
  await waitFor(() =>
    expect(FakeEventSource.latest().url).toContain(`/api/v1/ai/jobs/${job.id}/events`),
  );
  const finish = (resultFiles: string[]) =>
    act(() =>
      FakeEventSource.latest().send({
        ...job,
        state: 'succeeded',
        stage: 'completed',
        percent: 100,
        resultFiles,
      }),
    );
  return { user, dialog, onClose, onApply, finish };
}

/** SPEC 4 image editing: closing during processing is blocked; after it, discarding asks first. */
describe('image editing modal', () => {
  it('blocks closing while processing, then asks before discarding the result', async () => {
    const { user, dialog, onClose, onApply, finish } = await startRemoval(
      createJob({
        id: 21,
        kind: 'remove_background',
        state: 'running',
        stage: 'generating_mesh',
        percent: 30,
        params: { imageUrl: '/files/src.png' },
      }),
    );
    // The create answer shows at once, before the stream says anything.
    expect(screen.getByTestId('ai-progress')).toHaveAttribute('data-state', 'running');

    // Processing: the close button does nothing but say why.
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(
      await screen.findByText('Processing: please wait until it finishes.'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    finish(['/files/cutout.png']);
    expect(await screen.findByTestId('ai-edit-result')).toHaveAttribute('src', '/files/cutout.png');

    // A result not applied yet: closing asks first; keeping it closes nothing.
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onApply).not.toHaveBeenCalled();
  });

  it('says the eraser is for small blemishes', async () => {
    FakeEventSource.install();
    logInAs();
    renderWithProviders(
      <ImageEditModal
        open
        source={SOURCE}
        features={FEATURES}
        balance={10}
        onApply={vi.fn()}
        onClose={vi.fn()}
      />,
      FAST_USER,
    );
    expect(
      await screen.findByText(/^For small blemishes: .*Large areas come out smeared\.$/),
    ).toBeInTheDocument();
  });

  it(`stops a mask over ${ERASE_MAX_MASK_PERCENT}% before sending it, and sends a small one`, async () => {
    // The mask's pixels read as 25.3% painted (over the limit, as the server counts:
    // not rounded down to 25%), then 20%.
    const ink = { hasInk: true, paintedShare: 0.253 };
    installRecordingCanvas(ink);
    layOutMaskEditor();
    FakeEventSource.install();
    logInAs();
    const network = fakeNetwork();
    network.on('POST', '/api/v1/resource/upload', () =>
      envelopeReply({ url: '/files/mask.png', filename: 'mask.png', size: 10, mime: 'image/png' }),
    );
    network.on('POST', '/api/v1/ai/jobs', () =>
      envelopeReply(createJob({ id: 23, kind: 'erase', state: 'queued', percent: 0 })),
    );
    const { user } = renderWithProviders(
      <ImageEditModal
        open
        source={SOURCE}
        features={FEATURES}
        balance={10}
        onApply={vi.fn()}
        onClose={vi.fn()}
      />,
      FAST_USER,
    );
    await screen.findByRole('img', { name: 'Picture to edit' });
    drag(loadPicture(), [
      [50, 25],
      [250, 100],
    ]);
    const erase = screen.getByRole('button', { name: 'Erase painted area' });
    await user.click(erase);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The painted part covers 26% of the picture; the eraser takes at most 25%. Paint only the blemishes.',
    );
    expect(network.callsTo('POST', '/api/v1/resource/upload')).toHaveLength(0);
    expect(network.callsTo('POST', '/api/v1/ai/jobs')).toHaveLength(0);

    // Painted again over less: a new mask canvas reads 20%, under the limit.
    ink.paintedShare = 0.2;
    await user.click(erase);
    await waitFor(() => expect(network.callsTo('POST', '/api/v1/ai/jobs')).toHaveLength(1));
    expect(network.callsTo('POST', '/api/v1/resource/upload')).toHaveLength(1);
    expect(network.callsTo('POST', '/api/v1/ai/jobs')[0]?.body).toMatchObject({
      kind: 'erase',
      params: { imageUrl: '/files/src.png', maskUrl: '/files/mask.png' },
    });
    expect(screen.queryByText(/The painted part covers/)).toBeNull();
  });

  it('applies the edited picture to the source', async () => {
    const { user, onClose, onApply, finish } = await startRemoval(
      createJob({ id: 22, kind: 'remove_background', params: { imageUrl: '/files/src.png' } }),
    );
    finish(['/files/cut.png']);
    await user.click(await screen.findByRole('button', { name: 'Use this image' }));
    expect(onApply).toHaveBeenCalledWith('/files/cut.png');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
