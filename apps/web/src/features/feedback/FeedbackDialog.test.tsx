import { apiPath, LIMITS } from '@layerline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiBridge } from '../../app/ApiBridge';
import { fill, LOAD_TIMEOUT_MS } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork, type TNetworkRequest } from '../../test/fake-network';
import { renderApp, renderWithProviders } from '../../test/render-app';
import { FeedbackDialog } from './FeedbackDialog';
import { useFeedbackDialog } from './feedback-dialog.store';

const FEEDBACK_PATHS = {
  submit: apiPath('feedback.submit'),
  upload: apiPath('feedback.upload'),
} as const;

const png = (name: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

let uploaded = 0;
function serveUploads() {
  fakeNetwork().on('POST', FEEDBACK_PATHS.upload, () => {
    uploaded += 1;
    // SPEC 7: data is the address itself.
    return envelopeReply(`/files/fb/image-${uploaded}.webp`);
  });
}

async function openDialog(options?: Parameters<typeof renderWithProviders>[1]) {
  const view = renderWithProviders(
    <>
      <ApiBridge />
      <FeedbackDialog />
    </>,
    options,
  );
  act(() => useFeedbackDialog.getState().open());
  const dialog = await screen.findByRole('dialog');
  // The form is a lazy chunk.
  const suggestion = await within(dialog).findByLabelText(
    'Your suggestion',
    {},
    { timeout: LOAD_TIMEOUT_MS },
  );
  const input = () => screen.getByTestId('feedback-image-input');
  const send = () => view.user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
  return { ...view, dialog, suggestion, input, send };
}

const tiles = () => screen.queryAllByTestId('feedback-image');
const submits = () => fakeNetwork().callsTo('POST', FEEDBACK_PATHS.submit);

afterEach(() => {
  vi.useRealTimers();
  act(() => useFeedbackDialog.getState().close());
});

describe('feedback dialog (SPEC 2, 4, 5, 8)', () => {
  it('opens from the More menu of the side navigation, 450px wide', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { name: 'Works' });
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(screen.getByRole('menuitem', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Feedback')).toBeInTheDocument();
    expect(
      await within(dialog).findByLabelText('Your suggestion', {}, { timeout: LOAD_TIMEOUT_MS }),
    ).toBeInTheDocument();
    const modal = dialog.closest('.ant-modal') ?? dialog;
    expect(modal).toHaveStyle({ width: `${LIMITS.feedbackDialogWidthPx}px` });
    expect(modal).toHaveClass('feedback-dialog');
  });

  it('counts the suggestion as n/100 and stops at 100', async () => {
    const { suggestion } = await openDialog();
    expect(screen.getByText('0/100')).toBeInTheDocument();
    fill(suggestion, 'Dark mode');
    expect(screen.getByText('9/100')).toBeInTheDocument();
    expect(suggestion).toHaveAttribute('maxlength', String(LIMITS.feedbackSuggestionMax));
  });

  it('warns when the text is empty or blank and sends nothing', async () => {
    const { suggestion, send } = await openDialog();
    await send();
    expect(
      await screen.findByText('Please enter your suggestion before sending.'),
    ).toBeInTheDocument();
    fill(suggestion, '   ');
    await send();
    expect(submits()).toHaveLength(0);
    expect(useFeedbackDialog.getState().isOpen).toBe(true);
  });

  it('takes up to 9 images: the add box goes at 9 and the counter says n/9', async () => {
    serveUploads();
    const { user, input } = await openDialog();
    expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('0/9');
    await user.upload(
      input(),
      Array.from({ length: 7 }, (_, i) => png(`p${i}.png`)),
    );
    await waitFor(() => expect(tiles()).toHaveLength(7));
    expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('7/9');
    await user.upload(
      input(),
      Array.from({ length: 4 }, (_, i) => png(`q${i}.png`)),
    );
    await waitFor(() => expect(tiles()).toHaveLength(9));
    // 4 picked, room for 2: the field says 2 were left out, and stays saying so.
    expect(await screen.findByTestId('feedback-images-dropped')).toHaveTextContent(
      'Only 9 images are kept: 2 of the pictures you picked were left out.',
    );
    expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('9/9');
    expect(screen.queryByRole('button', { name: 'Add images' })).toBeNull();
    expect(screen.queryByTestId('feedback-image-input')).toBeNull();
    await waitFor(() =>
      expect(fakeNetwork().callsTo('POST', FEEDBACK_PATHS.upload)).toHaveLength(9),
    );
  });

  it('checks type and size before uploading', async () => {
    serveUploads();
    const { user, input } = await openDialog({ applyAccept: false });
    await user.upload(input(), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('notes.pdf is not an image (JPG, PNG, GIF or WebP).'),
    ).toBeInTheDocument();
    await user.upload(input(), png('huge.png', LIMITS.feedbackImageMaxBytes + 1));
    expect(await screen.findByText('huge.png is larger than 5 MB.')).toBeInTheDocument();
    expect(tiles()).toHaveLength(0);
    expect(fakeNetwork().callsTo('POST', FEEDBACK_PATHS.upload)).toHaveLength(0);
    await user.upload(input(), png('fine.png', LIMITS.feedbackImageMaxBytes));
    await waitFor(() => expect(tiles()).toHaveLength(1));
  });

  it('asks before removing an image', async () => {
    serveUploads();
    const { user, input } = await openDialog();
    await user.upload(input(), [png('a.png'), png('b.png')]);
    await waitFor(() =>
      expect(tiles().map((tile) => tile.dataset.status)).toEqual(['done', 'done']),
    );
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(await screen.findByText('Remove this image?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(tiles()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('1/9');
  });

  it('shows an upload failure and hides its progress bar after 2 seconds (SPEC 4)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeNetwork().on('POST', FEEDBACK_PATHS.upload, () =>
      envelopeReply(null, 400, 'Only JPG, PNG, GIF or WebP images are allowed.'),
    );
    const { user, input } = await openDialog({ advanceTimers: vi.advanceTimersByTime });
    await user.upload(input(), png('broken.png'));
    expect(
      await screen.findByText('Upload failed: Only JPG, PNG, GIF or WebP images are allowed.'),
    ).toBeInTheDocument();
    expect(tiles().map((tile) => tile.dataset.status)).toEqual(['error']);
    expect(screen.getByTestId('feedback-upload-progress')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('feedback-upload-progress')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByTestId('feedback-upload-progress')).toBeNull();
    expect(tiles()).toHaveLength(0);
    expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('0/9');
  });

  it('sends text, contact and image addresses, thanks, closes and opens empty again', async () => {
    serveUploads();
    fakeNetwork().on('POST', FEEDBACK_PATHS.submit, () =>
      envelopeReply({ id: 3 }, 200, 'Thank you for your feedback!'),
    );
    const { user, suggestion, input, send, dialog } = await openDialog();
    fill(suggestion, '  Dark mode please  ');
    fill(within(dialog).getByLabelText('Contact (optional)'), 'maker@example.com');
    await user.upload(input(), png('screen.png'));
    await waitFor(() => expect(tiles()[0]?.dataset.status).toBe('done'));
    await send();
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    const [call] = submits() as TNetworkRequest[];
    expect(call?.body).toEqual({
      suggestion: 'Dark mode please',
      contact: 'maker@example.com',
      picture: [`/files/fb/image-${uploaded}.webp`],
    });
    await waitFor(() => expect(useFeedbackDialog.getState().isOpen).toBe(false));

    act(() => useFeedbackDialog.getState().open());
    const again = await screen.findByLabelText('Your suggestion', {}, { timeout: LOAD_TIMEOUT_MS });
    expect(again).toHaveValue('');
    expect(screen.getByLabelText('Contact (optional)')).toHaveValue('');
    expect(tiles()).toHaveLength(0);
  });

  it('shows the server’s msg on a refusal, and still closes and clears (SPEC 4, 8)', async () => {
    serveUploads();
    fakeNetwork().on('POST', FEEDBACK_PATHS.submit, () =>
      envelopeReply(null, 429, 'Too many requests, please try again later.'),
    );
    const { user, suggestion, input, send } = await openDialog();
    fill(suggestion, 'Another idea');
    await user.upload(input(), png('shot.png'));
    await waitFor(() => expect(tiles()[0]?.dataset.status).toBe('done'));
    await send();
    expect(
      await screen.findByText('Too many requests, please try again later.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(useFeedbackDialog.getState().isOpen).toBe(false));
    act(() => useFeedbackDialog.getState().open());
    expect(
      await screen.findByLabelText('Your suggestion', {}, { timeout: LOAD_TIMEOUT_MS }),
    ).toHaveValue('');
    expect(tiles()).toHaveLength(0);
    expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('0/9');
  });

  it('checks a contact with an @ as an e-mail before sending', async () => {
    const { suggestion, send, dialog } = await openDialog();
    fill(suggestion, 'Idea');
    fill(within(dialog).getByLabelText('Contact (optional)'), 'me@');
    await send();
    expect(await screen.findByText('please enter a correct email format')).toBeInTheDocument();
    expect(submits()).toHaveLength(0);
  });
});

describe('feedback screen (SPEC 2)', () => {
  it('is open to visitors at /feedback with the same form, and keeps the text on a refusal', async () => {
    fakeNetwork().on('POST', FEEDBACK_PATHS.submit, () =>
      envelopeReply(null, 400, 'Images must be pictures uploaded with this feedback form'),
    );
    const { user } = renderApp('/feedback');
    expect(
      await screen.findByRole('heading', { name: 'Send feedback' }, { timeout: LOAD_TIMEOUT_MS }),
    ).toBeInTheDocument();
    const suggestion = screen.getByLabelText('Your suggestion');
    fill(suggestion, 'The search is slow');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(
      await screen.findByText('Images must be pictures uploaded with this feedback form'),
    ).toBeInTheDocument();
    expect(suggestion).toHaveValue('The search is slow');
    expect(submits()[0]?.authorization).toBeNull();
  });
});
