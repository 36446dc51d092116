import type { TPointsTaskState } from '@layerline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '../../stores/ui.store';
import { fill, LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { envelopeReply } from '../../test/fake-network';
import { FakeEventSource } from '../notifications/notifications.fakes';
import { createJob } from './ai.fakes';
import { openAiPage, serveAiPage } from './ai-page.fakes';

/** The tasks that earn points (SPEC 8), shown when the balance is short. */
const EARNING_TASKS: TPointsTaskState[] = [
  { task: 'signin', amount: 5, daily: true, completed: false, available: true },
  { task: 'first_work', amount: 10, daily: false, completed: false, available: true },
];

describe('/aiCreate (SPEC 2: open to visitors)', () => {
  it('lets a visitor fill in a logo, asks them to log in on start, and keeps the input', async () => {
    const network = serveAiPage();
    network.on('POST', '/api/v1/ai/jobs', () =>
      envelopeReply(createJob({ kind: 'text_to_logo', state: 'queued', stage: null, percent: 0 })),
    );
    const { user } = await openAiPage('/aiCreate?tab=laser');
    await user.click(await screen.findByTestId('ai-tool-textToLogo'));
    fill(screen.getByLabelText(/Logo text/), 'Maple Workshop');
    expect(await screen.findByTestId('ai-cost')).toHaveTextContent('Costs 1 point');
    await user.click(screen.getByTestId('ai-start'));
    expect(useUiStore.getState().loginDialog).toMatchObject({
      open: true,
      pendingRoute: '/aiCreate?tab=laser',
    });
    expect(network.callsTo('POST', '/api/v1/ai/jobs')).toHaveLength(0);

    act(() => {
      logInAs();
      useUiStore.getState().closeLogin();
    });
    expect(screen.getByLabelText(/Logo text/)).toHaveValue('Maple Workshop');
    // Generate goes on by itself once the session is there.
    await waitFor(() => expect(network.callsTo('POST', '/api/v1/ai/jobs')).toHaveLength(1), {
      timeout: LOAD_TIMEOUT_MS,
    });
    expect(network.callsTo('POST', '/api/v1/ai/jobs')[0]?.body).toEqual({
      kind: 'text_to_logo',
      params: { text: 'Maple Workshop', widthMm: 80, cutOffsetMm: 2, count: 1 },
    });
  });

  it('tells too few points before any job exists, with the tasks that earn them (SPEC 8)', async () => {
    logInAs();
    const network = serveAiPage({ balance: 2, tasks: EARNING_TASKS });
    const { user } = await openAiPage('/aiCreate?tab=printer3d');
    await user.click(await screen.findByTestId('ai-tool-relief'));
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByTestId('ai-source-input'), picture);
    const warning = await screen.findByTestId('ai-insufficient', undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    expect(warning).toHaveTextContent("Insufficient points, please wait for tomorrow's refresh");
    expect(await within(warning).findByText('Daily sign-in')).toBeInTheDocument();
    expect(screen.getByTestId('ai-start')).toBeDisabled();
    expect(network.callsTo('POST', '/api/v1/ai/jobs')).toHaveLength(0);
  });

  it('refuses a second image, a non-image and one over 10 MB (SPEC 5)', async () => {
    serveAiPage();
    const { user } = await openAiPage('/aiCreate?tab=laser');
    const input = await screen.findByTestId('ai-source-input');
    await user.upload(input, new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    // The picker's accept list filters the PDF out, so drop it through the checker directly.
    const { checkAiImage } = await import('./SourceImageField');
    expect(checkAiImage([new File(['x'], 'a.pdf', { type: 'application/pdf' })])).toBe('notImage');
    expect(
      checkAiImage([
        new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
      ]),
    ).toBe('tooLarge');
    const png = () => new File(['x'], 'a.png', { type: 'image/png' });
    expect(checkAiImage([png(), png()])).toBe('oneImage');
    expect(checkAiImage([png()])).toBeNull();
  });

  it('resumes a running 3D job, confirms cancelling it, and shows the refund message', async () => {
    FakeEventSource.install();
    logInAs();
    const running = createJob({
      id: 9,
      kind: 'relief_3d',
      state: 'running',
      stage: 'generating_mesh',
      percent: 40,
    });
    const network = serveAiPage({ records: () => [running] });
    network.on('GET', '/api/v1/ai/jobs/9', () => envelopeReply(running));
    network.on('POST', '/api/v1/user/stream_ticket', () =>
      envelopeReply({ ticket: 'ticket-9', expiresIn: 60 }),
    );
    network.on('POST', '/api/v1/ai/jobs/9/cancel', () =>
      envelopeReply({
        ...running,
        state: 'cancelled',
        errorReason: 'cancelled',
        errorMessage: 'Cancelled. Your points were refunded.',
      }),
    );
    const { user } = await openAiPage('/aiCreate?tab=printer3d');
    // Coming back: the running job is found in the records and followed live.
    await waitFor(
      () =>
        expect(FakeEventSource.latest().url).toContain('/api/v1/ai/jobs/9/events?ticket=ticket-9'),
      { timeout: LOAD_TIMEOUT_MS },
    );
    const stream = FakeEventSource.latest();
    act(() => stream.send({ ...running, stage: 'saving', percent: 80 }));
    const progress = await screen.findByTestId('ai-progress');
    expect(
      within(progress).getByText('Saving and optimising', { selector: 'strong' }),
    ).toBeInTheDocument();

    await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
    const keep = await screen.findByRole('button', { name: 'Keep waiting' });
    expect(screen.getAllByText('Cancel this generation?').length).toBeGreaterThan(0);
    await user.click(keep);
    expect(network.callsTo('POST', '/api/v1/ai/jobs/9/cancel')).toHaveLength(0);

    await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel generation' }));
    await waitFor(() =>
      expect(network.callsTo('POST', '/api/v1/ai/jobs/9/cancel')).toHaveLength(1),
    );
    expect(await screen.findByTestId('ai-job-error')).toHaveTextContent(
      'Cancelled. Your points were refunded.',
    );
  });
});
