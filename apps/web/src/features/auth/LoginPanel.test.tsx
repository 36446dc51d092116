import { ENCRYPTION_KEY_PATTERN, LIMITS } from '@layerline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import {
  createUserInfo,
  fill,
  openAuthDialog,
  serveCaptcha,
  serveUserInfo,
  TOKENS,
} from '../../test/auth-fakes';
import { decryptWithNode } from '../../test/decrypt-password';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { searchKeys } from '../search/api';

afterEach(() => {
  vi.useRealTimers();
});

type TForm = Awaited<ReturnType<typeof openAuthDialog>>['form'];
type TUser = Awaited<ReturnType<typeof openAuthDialog>>['user'];

async function fillLogin(
  user: TUser,
  form: TForm,
  values: { email?: string; password?: string; captcha?: string; agree?: boolean } = {},
) {
  const { email = 'maker@example.com', password = 'secret-pass-1', captcha = '12' } = values;
  if (email) fill(form.getByLabelText('E-mail'), email);
  if (password) fill(form.getByLabelText('Password'), password);
  if (captcha) fill(form.getByLabelText('Captcha'), captcha);
  if (values.agree !== false) {
    await user.click(form.getByRole('checkbox', { name: 'I have read and agree to the' }));
  }
}

const loginCalls = () => fakeNetwork().callsTo('POST', '/api/v1/user/login');
const captchaCalls = () => fakeNetwork().callsTo('GET', '/api/v1/user/captcha');
const captchaImage = (form: TForm) =>
  form
    .getByRole('button', { name: 'Captcha image, click to refresh' })
    .querySelector('img')
    ?.getAttribute('src');

describe('login panel: SPEC 5 validation', () => {
  it('shows the e-mail and password messages and sends nothing', async () => {
    serveCaptcha();
    const { user, form } = await openAuthDialog();
    await user.click(form.getByRole('button', { name: 'Log in' }));
    expect(await form.findByText('please enter a correct email format')).toBeInTheDocument();
    expect(form.getByText('Please enter the password')).toBeInTheDocument();

    fill(form.getByLabelText('E-mail'), 'maker@');
    fill(form.getByLabelText('Password'), '1234567');
    expect(await form.findByText('The password must be 8 to 20 characters')).toBeInTheDocument();
    expect(form.getByText('please enter a correct email format')).toBeInTheDocument();

    fill(form.getByLabelText('Password'), '123456789012345678901');
    await waitFor(() =>
      expect(form.getByText('The password must be 8 to 20 characters')).toBeInTheDocument(),
    );
    fill(form.getByLabelText('Password'), '12345678');
    fill(form.getByLabelText('E-mail'), 'maker@example.com');
    await waitFor(() =>
      expect(form.queryByText('please enter a correct email format')).not.toBeInTheDocument(),
    );
    expect(form.queryByText('The password must be 8 to 20 characters')).not.toBeInTheDocument();
    expect(loginCalls()).toHaveLength(0);
  });

  it('alerts on an empty captcha instead of sending', async () => {
    serveCaptcha();
    const { user, form } = await openAuthDialog();
    await fillLogin(user, form, { captcha: '' });
    await user.click(form.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter the captcha')).toBeInTheDocument();
    expect(loginCalls()).toHaveLength(0);
  });

  it('asks to agree first: cancelling sends nothing, agreeing ticks the box and logs in', async () => {
    serveCaptcha();
    serveUserInfo();
    fakeNetwork().on('POST', '/api/v1/user/login', () => envelopeReply(TOKENS));
    const { user, form } = await openAuthDialog();
    await fillLogin(user, form, { agree: false });
    await user.click(form.getByRole('button', { name: 'Log in' }));

    const warning = await screen.findByText(
      'Please read and agree to the User Agreement and Privacy Policy',
    );
    const confirm = warning.closest<HTMLElement>('.ant-modal-confirm');
    expect(confirm).not.toBeNull();
    await user.click(within(confirm as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(loginCalls()).toHaveLength(0);

    await user.click(form.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Agree and continue' }));
    await waitFor(() => expect(loginCalls()).toHaveLength(1));
    expect(loginCalls()[0]?.body).toMatchObject({ username: 'maker@example.com' });
  });
});

describe('login panel: captcha (SPEC 2, SPEC 4)', () => {
  it('draws a new captcha when the image is clicked', async () => {
    serveCaptcha();
    const { user, form } = await openAuthDialog();
    await waitFor(() => expect(captchaImage(form)).toContain('Y2FwdGNoYS01'));
    await user.click(form.getByRole('button', { name: 'Captcha image, click to refresh' }));
    await waitFor(() => expect(captchaImage(form)).toContain('Y2FwdGNoYS02'));
    expect(captchaCalls()).toHaveLength(2);
  });

  it('refreshes the captcha after a failed login and words the SPEC 8 codes', async () => {
    serveCaptcha();
    let answer = envelopeReply(null, 1008, 'Wrong account or password.');
    fakeNetwork().on('POST', '/api/v1/user/login', () => answer);
    const { user, form } = await openAuthDialog();
    await fillLogin(user, form);
    await user.click(form.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Wrong account or password.')).toBeInTheDocument();
    await waitFor(() => expect(captchaCalls()).toHaveLength(2));
    await waitFor(() => expect(captchaImage(form)).toContain('Y2FwdGNoYS02'));
    expect(form.getByLabelText('Captcha')).toHaveValue('');
    expect(loginCalls()[0]?.body).toMatchObject({ code: '12', uuid: 'captcha-1' });

    answer = envelopeReply(null, 1006, 'captcha wrong');
    await user.type(form.getByLabelText('Captcha'), '7');
    await user.click(form.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The captcha is wrong.')).toBeInTheDocument();
    await waitFor(() => expect(captchaCalls()).toHaveLength(3));
    expect(loginCalls()[1]?.body).toMatchObject({ code: '7', uuid: 'captcha-2' });
    expect(useSessionStore.getState().isLogin).toBe(false);
  });

  it("says 'get captcha error' when the captcha cannot be drawn (1001)", async () => {
    fakeNetwork().on('GET', '/api/v1/user/captcha', () => envelopeReply(null, 1001, 'x'));
    await openAuthDialog();
    expect(await screen.findByText('get captcha error')).toBeInTheDocument();
  });
});

describe('login success (SPEC 4)', () => {
  it('encrypts the password, stores the session and goes to the pending route', async () => {
    serveCaptcha();
    const info = serveUserInfo(createUserInfo({ avatar: '/files/me.png', points: 42 }));
    fakeNetwork().on('POST', '/api/v1/user/login', () => envelopeReply(TOKENS));
    const { user, form, router, queryClient } = await openAuthDialog({ pendingRoute: '/inform' });
    // The visitor's search data, as the search panel would have it.
    queryClient.setQueryData(searchKeys.hot(), [{ words: 'benchy' }]);
    await fillLogin(user, form);
    await user.click(form.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(form.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/inform'));
    const body = loginCalls()[0]?.body as Record<string, string>;
    expect(body).toMatchObject({ username: 'maker@example.com', code: '12', uuid: 'captcha-1' });
    expect(body.encryptionKey).toMatch(ENCRYPTION_KEY_PATTERN);
    expect(body.password).not.toContain('secret');
    expect(decryptWithNode(body.password ?? '', body.encryptionKey ?? '')).toBe('secret-pass-1');

    const persisted = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state;
    expect(Object.keys(persisted).sort()).toEqual([
      'activePath',
      'isLogin',
      'refreshToken',
      'token',
      'user',
    ]);
    expect(persisted).toMatchObject({
      token: 'access-1',
      refreshToken: 'refresh-1',
      isLogin: true,
      user: { userId: '7', name: info.userName, avatar: '/files/me.png', points: 42 },
    });
    expect(persisted.user.nickName).toBe(info.nickName);
    expect(window.localStorage.getItem('token')).toBe('access-1');
    expect(window.localStorage.getItem('userId')).toBe('7');
    expect(window.localStorage.getItem('isRemember')).toBe('true');
    expect(useUiStore.getState().loginDialog.open).toBe(false);
    expect(useSessionStore.getState().isLoginInProgress).toBe(false);
    // SPEC 4: after login, search data reloads.
    expect(queryClient.getQueryState(searchKeys.hot())?.isInvalidated).toBe(true);
    expect(await screen.findByText('Logged in. Welcome back!')).toBeInTheDocument();
  });

  it('goes on after 5 s when user info does not answer, and takes it when it comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveCaptcha();
    fakeNetwork().on('POST', '/api/v1/user/login', () => envelopeReply(TOKENS));
    let answerInfo: (response: Response) => void = () => {};
    fakeNetwork().on(
      'GET',
      '/api/v1/user/getinfo',
      () => new Promise<Response>((resolve) => (answerInfo = resolve)),
    );
    const { user, form, router } = await openAuthDialog({ pendingRoute: '/inform' });
    await fillLogin(user, form);
    await user.click(form.getByRole('button', { name: 'Log in' }));

    await waitFor(() =>
      expect(fakeNetwork().callsTo('GET', '/api/v1/user/getinfo')).toHaveLength(1),
    );
    expect(useSessionStore.getState()).toMatchObject({ isLogin: true, isLoginInProgress: true });
    expect(router.state.location.pathname).toBe('/community');

    await act(() => vi.advanceTimersByTimeAsync(LIMITS.loginUserInfoFallbackMs));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inform'));
    expect(useSessionStore.getState()).toMatchObject({ isLoginInProgress: false, isLogin: true });
    expect(useSessionStore.getState().user.userId).toBe('');

    answerInfo(envelopeReply(createUserInfo()));
    await waitFor(() => expect(useSessionStore.getState().user.userId).toBe('7'));
  });

  it('goes home after a login without a pending route (SPEC 2)', async () => {
    serveCaptcha();
    serveUserInfo();
    fakeNetwork().on('POST', '/api/v1/user/login', () => envelopeReply(TOKENS));
    const { user, form, router } = await openAuthDialog({ path: '/aiCreate' });
    await fillLogin(user, form);
    await user.click(form.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useUiStore.getState().loginDialog.open).toBe(false);
    expect(useSessionStore.getState().user.userId).toBe('7');
  });

  it('pre-fills the remembered e-mail, never a password', async () => {
    window.localStorage.setItem('isRemember', 'true');
    window.localStorage.setItem('rememberedEmail', 'again@example.com');
    serveCaptcha();
    const { form } = await openAuthDialog();
    expect(form.getByLabelText('E-mail')).toHaveValue('again@example.com');
    expect(form.getByLabelText('Password')).toHaveValue('');
    expect(form.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  });
});
