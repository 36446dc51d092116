import { LIMITS } from '@layerline/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiBridge } from '../../app/ApiBridge';
import { FAST_USER, fill, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderWithProviders } from '../../test/render-app';
import { AppealDialog } from './AppealDialog';

const APPEAL = '/api/v1/work/appeal/submit';

function openDialog() {
  logInAs();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <ApiBridge />
      <AppealDialog workId={5} workTitle="Lithophane lamp" onClose={onClose} />
    </>,
    FAST_USER,
  );
  const reason = () => screen.getByLabelText('Reason for the appeal');
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Submit appeal' }));
  return { ...view, onClose, reason, submit };
}

describe('appeal dialog (SPEC 3 Appeal, SPEC 5 reason required, SPEC 8 failure)', () => {
  it('requires a reason that is not blank', async () => {
    const { reason, submit, onClose } = openDialog();
    expect(screen.getByText('Work: Lithophane lamp')).toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Please enter the reason for the appeal')).toBeInTheDocument();
    fill(reason(), '    ');
    await submit();
    expect(await screen.findByText('Please enter the reason for the appeal')).toBeInTheDocument();
    expect(fakeNetwork().callsTo('POST', APPEAL)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(reason()).toHaveAttribute('maxlength', String(LIMITS.appealReasonMax));
  });

  it('posts work_id and the trimmed reason, says so and closes', async () => {
    fakeNetwork().on('POST', APPEAL, () =>
      envelopeReply({ id: 1, work_id: 5, status: 'open', work_status: 'in_review' }),
    );
    const { reason, submit, onClose } = openDialog();
    fill(reason(), '  The photos are my own prints.  ');
    await submit();
    expect(
      await screen.findByText('Your appeal has been submitted. The work is back in review.'),
    ).toBeInTheDocument();
    const [call] = fakeNetwork().callsTo('POST', APPEAL);
    expect(call?.body).toEqual({ work_id: 5, appeal_reason: 'The photos are my own prints.' });
    expect(call?.authorization).toBe('Bearer access-0');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the appeal-failed message and stays open when the server refuses', async () => {
    fakeNetwork().on('POST', APPEAL, () =>
      envelopeReply(null, 400, 'Only a work that did not pass review can be appealed'),
    );
    const { reason, submit, onClose } = openDialog();
    fill(reason(), 'Please look again.');
    await submit();
    expect(
      await screen.findByText('The appeal failed. Please try again later.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(fakeNetwork().callsTo('POST', APPEAL)).toHaveLength(1));
    expect(onClose).not.toHaveBeenCalled();
    expect(reason()).toHaveValue('Please look again.');
  });
});
