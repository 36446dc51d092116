import { ENCRYPTION_KEY_PATTERN } from '@layerline/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { fill, logInAs, openAuthDialog } from '../../test/auth-fakes';
import { decryptWithNode } from '../../test/decrypt-password';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';

const logoutCalls = () => fakeNetwork().callsTo('GET', '/api/v1/user/logout');

describe('forgot-password panel (SPEC 2, 4, 5)', () => {
  it('validates e-mail, new password, confirmation and code', async () => {
    const { user, form } = await openAuthDialog({ panel: 'forgotPassword' });
    await user.click(form.getByRole('button', { name: 'Reset password' }));
    expect(await form.findByText('please enter a correct email format')).toBeInTheDocument();
    expect(form.getByText('Please enter the password')).toBeInTheDocument();
    expect(form.getByText('Please enter the e-mail verification code')).toBeInTheDocument();
    fill(form.getByLabelText('New password'), 'new-password-1');
    fill(form.getByLabelText('Confirm password'), 'new-password-2');
    expect(await form.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(fakeNetwork().callsTo('PUT', '/api/v1/user/updatePwdByEmail')).toHaveLength(0);
  });

  it('sends the reset code by POST and says when the e-mail is unknown (1004)', async () => {
    fakeNetwork().on('POST', '/api/v1/user/emailCaptcha', () =>
      envelopeReply(null, 1004, 'not registered'),
    );
    const { user, form } = await openAuthDialog({ panel: 'forgotPassword' });
    fill(form.getByLabelText('E-mail'), 'nobody@example.com');
    await user.click(form.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('This e-mail is not registered.')).toBeInTheDocument();
    expect(fakeNetwork().callsTo('POST', '/api/v1/user/emailCaptcha')[0]?.body).toEqual({
      email: 'nobody@example.com',
    });
    expect(form.getByRole('button', { name: 'Get code' })).toBeEnabled();
  });

  it('resets with an encrypted password, logs a logged-in user out and shows the login panel', async () => {
    logInAs();
    fakeNetwork()
      .on('PUT', '/api/v1/user/updatePwdByEmail', () => envelopeReply(null))
      .on('GET', '/api/v1/user/logout', () => envelopeReply(null));
    const { user, form } = await openAuthDialog({ panel: 'forgotPassword' });
    fill(form.getByLabelText('E-mail'), 'maker@example.com');
    fill(form.getByLabelText('Verification code'), '654321');
    fill(form.getByLabelText('New password'), 'new-password-1');
    fill(form.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(form.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByText('Your password has been reset. Please log in with the new password.'),
    ).toBeInTheDocument();
    const body = fakeNetwork().callsTo('PUT', '/api/v1/user/updatePwdByEmail')[0]?.body as Record<
      string,
      string
    >;
    expect(body).toMatchObject({ email: 'maker@example.com', code: '654321', uuid: '' });
    expect(body.encryptionKey).toMatch(ENCRYPTION_KEY_PATTERN);
    expect(decryptWithNode(body.password ?? '', body.encryptionKey ?? '')).toBe('new-password-1');
    expect(useSessionStore.getState().isLogin).toBe(false);
    expect(useUiStore.getState().loginDialog).toMatchObject({ open: true, panel: 'login' });
    await waitFor(() => expect(logoutCalls()).toHaveLength(1));
  });
});

describe('change-password panel (SPEC 2, 4, 5)', () => {
  it('validates the old password, the new one and its confirmation', async () => {
    logInAs();
    const { user, form } = await openAuthDialog({ panel: 'setPassword' });
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Please enter the current password')).toBeInTheDocument();
    expect(form.getByText('Please enter the password')).toBeInTheDocument();
    expect(form.getByText('Please enter the password again')).toBeInTheDocument();

    fill(form.getByLabelText('Current password'), 'short');
    fill(form.getByLabelText('New password'), 'x'.repeat(21));
    fill(form.getByLabelText('Confirm password'), 'other-password');
    await waitFor(() =>
      expect(form.getAllByText('The password must be 8 to 20 characters')).toHaveLength(2),
    );
    expect(await form.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(fakeNetwork().callsTo('PUT', '/api/v1/user/updatePwd')).toHaveLength(0);
  });

  it('says the old password is wrong on 1008 and keeps the session', async () => {
    logInAs();
    fakeNetwork().on('PUT', '/api/v1/user/updatePwd', () => envelopeReply(null, 1008, 'old'));
    const { user, form } = await openAuthDialog({ panel: 'setPassword' });
    fill(form.getByLabelText('Current password'), 'old-password-1');
    fill(form.getByLabelText('New password'), 'new-password-1');
    fill(form.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The old password is wrong.')).toBeInTheDocument();
    expect(useSessionStore.getState().isLogin).toBe(true);
  });

  it('changes the password encrypted, then logs out: session cleared, server told, home', async () => {
    logInAs();
    fakeNetwork()
      .on('PUT', '/api/v1/user/updatePwd', () => envelopeReply(null))
      .on('GET', '/api/v1/user/logout', () => envelopeReply(null));
    const { user, form, router } = await openAuthDialog({ path: '/inform', panel: 'setPassword' });
    fill(form.getByLabelText('Current password'), 'old-password-1');
    fill(form.getByLabelText('New password'), 'new-password-1');
    fill(form.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Your password has been changed. Please log in again.'),
    ).toBeInTheDocument();
    const call = fakeNetwork().callsTo('PUT', '/api/v1/user/updatePwd')[0];
    expect(call?.authorization).toBe('Bearer access-0');
    const body = call?.body as Record<string, string>;
    const key = body.encryptionKey ?? '';
    expect(decryptWithNode(body.oldPassword ?? '', key)).toBe('old-password-1');
    expect(decryptWithNode(body.newPassword ?? '', key)).toBe('new-password-1');
    expect(decryptWithNode(body.confirmPassword ?? '', key)).toBe('new-password-1');

    expect(useSessionStore.getState()).toMatchObject({ isLogin: false, token: '' });
    expect(window.localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(logoutCalls()).toHaveLength(1));
    expect(logoutCalls()[0]?.authorization).toBe('Bearer access-0');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useUiStore.getState().loginDialog).toMatchObject({ open: true, panel: 'login' });
  });

  it('links to the profile editor of the own profile', async () => {
    logInAs();
    const { user, form, router } = await openAuthDialog({ panel: 'setPassword' });
    await user.click(form.getByRole('button', { name: 'Edit your profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userInfor/7'));
    expect(router.state.location.search).toBe('?edit=profile');
    expect(useUiStore.getState().loginDialog.open).toBe(false);
  });
});
