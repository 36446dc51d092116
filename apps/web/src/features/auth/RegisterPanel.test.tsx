import { ENCRYPTION_KEY_PATTERN, LIMITS } from '@layerline/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { fill, openAuthDialog, serveUserInfo, TOKENS } from '../../test/auth-fakes';
import { decryptWithNode } from '../../test/decrypt-password';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';

afterEach(() => {
  vi.useRealTimers();
});

const CODE_PATH = '/api/v1/user/register/email/maker%40example.com';
const codeButton = (name: RegExp | string = 'Get code') => screen.getByRole('button', { name });

describe('register panel: SPEC 5 validation', () => {
  it('shows the e-mail, password, confirm and code messages', async () => {
    const { user, form } = await openAuthDialog({ panel: 'register' });
    await user.click(form.getByRole('button', { name: 'Sign up' }));
    expect(await form.findByText('please enter a correct email format')).toBeInTheDocument();
    expect(form.getByText('Please enter the password')).toBeInTheDocument();
    expect(form.getByText('Please enter the password again')).toBeInTheDocument();
    expect(form.getByText('Please enter the e-mail verification code')).toBeInTheDocument();

    fill(form.getByLabelText('Password'), 'short');
    expect(await form.findByText('The password must be 8 to 20 characters')).toBeInTheDocument();
    fill(form.getByLabelText('Password'), 'short-enough');
    fill(form.getByLabelText('Confirm password'), 'different-1');
    expect(await form.findByText('The two passwords do not match.')).toBeInTheDocument();
    fill(form.getByLabelText('Verification code'), '12ab');
    await user.click(form.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(form.getByText('Please enter the e-mail verification code')).toBeInTheDocument(),
    );
    expect(fakeNetwork().callsTo('POST', '/api/v1/user/register')).toHaveLength(0);
  });

  it('asks to agree to the agreement before registering', async () => {
    const { user, form } = await openAuthDialog({ panel: 'register' });
    fill(form.getByLabelText('E-mail'), 'maker@example.com');
    fill(form.getByLabelText('Password'), 'new-password-1');
    fill(form.getByLabelText('Confirm password'), 'new-password-1');
    fill(form.getByLabelText('Verification code'), '123456');
    await user.click(form.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByText('Please read and agree to the User Agreement and Privacy Policy'),
    ).toBeInTheDocument();
    expect(fakeNetwork().callsTo('POST', '/api/v1/user/register')).toHaveLength(0);
  });
});

describe('register panel: get-code countdown (SPEC 4)', () => {
  it('sends the code, counts 120 s down in seconds, then offers re-get', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeNetwork().on('GET', CODE_PATH, () => envelopeReply(null));
    const { user, form } = await openAuthDialog({ panel: 'register' });

    await user.click(codeButton());
    expect(await form.findByText('please enter a correct email format')).toBeInTheDocument();
    expect(fakeNetwork().calls.filter((call) => call.path.includes('/register/email/'))).toEqual(
      [],
    );

    fill(form.getByLabelText('E-mail'), 'maker@example.com');
    await user.click(codeButton());
    expect(codeButton(`${LIMITS.codeCountdownS}s`)).toBeDisabled();
    await waitFor(() => expect(fakeNetwork().callsTo('GET', CODE_PATH)).toHaveLength(1));
    expect(
      await screen.findByText('A verification code has been sent to maker@example.com.'),
    ).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(codeButton('119s')).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync((LIMITS.codeCountdownS - 1) * 1000));
    expect(codeButton('re-get')).toBeEnabled();
    expect(screen.queryByRole('button', { name: /\d+s$/ })).toBeNull();
  });

  it('stops the countdown and resets the label when sending fails (1002, 1003)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = envelopeReply(null, 1002, 'mail failed');
    fakeNetwork().on('GET', CODE_PATH, () => answer);
    const { user, form } = await openAuthDialog({ panel: 'register' });
    fill(form.getByLabelText('E-mail'), 'maker@example.com');
    await user.click(codeButton());

    expect(
      await screen.findByText('The e-mail code failed to send. Please try again.'),
    ).toBeInTheDocument();
    expect(codeButton('Get code')).toBeEnabled();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(codeButton('Get code')).toBeEnabled();

    answer = envelopeReply(null, 1003, 'exists');
    await user.click(codeButton());
    expect(await screen.findByText('This e-mail is already registered.')).toBeInTheDocument();
    expect(codeButton('Get code')).toBeEnabled();

    answer = envelopeReply({ retryAfter: 100 }, 429, 'You apply too frequently');
    await user.click(codeButton());
    expect(
      await screen.findByText('You apply too frequently, please try again later'),
    ).toBeInTheDocument();
    expect(codeButton('Get code')).toBeEnabled();
  });
});

describe('register success (SPEC 4, DESIGN 3)', () => {
  it('encrypts both passwords with one key and logs the new user in', async () => {
    serveUserInfo();
    fakeNetwork().on('POST', '/api/v1/user/register', () => envelopeReply(TOKENS));
    const { user, form } = await openAuthDialog({ panel: 'register', pendingRoute: '/publish' });
    fill(form.getByLabelText('E-mail'), 'maker@example.com');
    fill(form.getByLabelText('Password'), 'new-password-1');
    fill(form.getByLabelText('Confirm password'), 'new-password-1');
    fill(form.getByLabelText('Verification code'), '123456');
    await user.click(form.getByRole('checkbox', { name: 'I have read and agree to the' }));
    await user.click(form.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Your account is ready. Welcome!')).toBeInTheDocument();
    const body = fakeNetwork().callsTo('POST', '/api/v1/user/register')[0]?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      username: 'maker@example.com',
      code: '123456',
      uuid: '',
      isAgree: true,
    });
    const key = String(body.encryptionKey);
    expect(key).toMatch(ENCRYPTION_KEY_PATTERN);
    expect(decryptWithNode(String(body.password), key)).toBe('new-password-1');
    expect(decryptWithNode(String(body.confirmPassword), key)).toBe('new-password-1');
    expect(body.password).not.toBe(body.confirmPassword);
    expect(useSessionStore.getState()).toMatchObject({ token: 'access-1', isLogin: true });
    expect(useSessionStore.getState().user.userId).toBe('7');
    expect(useUiStore.getState().loginDialog.open).toBe(false);
  });

  it('says the e-mail code is wrong (1005)', async () => {
    fakeNetwork().on('POST', '/api/v1/user/register', () => envelopeReply(null, 1005, 'wrong'));
    const { user, form } = await openAuthDialog({ panel: 'register' });
    fill(form.getByLabelText('E-mail'), 'maker@example.com');
    fill(form.getByLabelText('Password'), 'new-password-1');
    fill(form.getByLabelText('Confirm password'), 'new-password-1');
    fill(form.getByLabelText('Verification code'), '123456');
    await user.click(form.getByRole('checkbox', { name: 'I have read and agree to the' }));
    await user.click(form.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The e-mail code is wrong or has expired.')).toBeInTheDocument();
    expect(useSessionStore.getState().isLogin).toBe(false);
  });
});
