import type { TAiFeature } from '@layerline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FAST_USER, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderWithProviders } from '../../test/render-app';
import { FakeEventSource } from '../notifications/notifications.fakes';
import { createJob } from './ai.fakes';
import { ImageEditModal } from './ImageEditModal';
import './i18n';

const FEATURES: TAiFeature[] = [
  { kind: 'remove_background', cost: 2, available: true, engine: 'local:isnet', setting: null },
  { kind: 'erase', cost: 1, available: true, engine: 'local:opencv', setting: null },
];
const SOURCE = { name: 'photo.png', preview: '/files/src.png', url: '/files/src.png', file: null };

/** SPEC 4 image editing: closing during processing is blocked; after it, discarding asks first. */
describe('image editing modal', () => {
  it('blocks closing while processing, then asks before discarding the result', async () => {
    FakeEventSource.install();
    logInAs();
    const running = createJob({
      id: 21,
      kind: 'remove_background',
      state: 'running',
      stage: 'generating_mesh',
      percent: 30,
      params: { imageUrl: '/files/src.png' },
    });
    fakeNetwork().on('POST', '/api/v1/ai/jobs', () => envelopeReply(running));
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
    const dialog = await screen.findByRole('dialog');
    await user.click(
      within(dialog).getByText('Remove background', { selector: '.ant-segmented-item-label' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove background' }));
    await screen.findByTestId('ai-progress');

    // Processing: the close button does nothing but say why.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(
      await screen.findByText('Processing: please wait until it finishes.'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await waitFor(() =>
      expect(FakeEventSource.latest().url).toContain('/api/v1/ai/jobs/21/events'),
    );
    act(() =>
      FakeEventSource.latest().send({
        ...running,
        state: 'succeeded',
        stage: 'completed',
        percent: 100,
        resultFiles: ['/files/cutout.png'],
      }),
    );
    expect(await screen.findByTestId('ai-edit-result')).toHaveAttribute('src', '/files/cutout.png');

    // A result not applied yet: closing asks first; keeping it closes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onApply).not.toHaveBeenCalled();
  });

  it('applies the edited picture to the source', async () => {
    FakeEventSource.install();
    logInAs();
    const done = createJob({
      id: 22,
      kind: 'remove_background',
      state: 'running',
      params: { imageUrl: '/files/src.png' },
    });
    fakeNetwork().on('POST', '/api/v1/ai/jobs', () => envelopeReply(done));
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
    const dialog = await screen.findByRole('dialog');
    await user.click(
      within(dialog).getByText('Remove background', { selector: '.ant-segmented-item-label' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove background' }));
    await waitFor(() =>
      expect(FakeEventSource.latest().url).toContain('/api/v1/ai/jobs/22/events'),
    );
    act(() =>
      FakeEventSource.latest().send({
        ...done,
        state: 'succeeded',
        stage: 'completed',
        percent: 100,
        resultFiles: ['/files/cut.png'],
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Use this image' }));
    expect(onApply).toHaveBeenCalledWith('/files/cut.png');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
