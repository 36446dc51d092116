import { apiPath, type TUserInfo } from '@layerline/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useSessionStore } from '../stores/session.store';
import { type TLoginPanel, useUiStore } from '../stores/ui.store';
import { envelopeReply, type FakeNetwork, fakeNetwork } from './fake-network';
import { renderApp } from './render-app';

/** Lazy chunks (antd with them, ADR 0025) are transformed on first use: slow on a busy machine. */
export const LOAD_TIMEOUT_MS = 15_000;

/** A getinfo answer as the server sends it (contract ZUserInfo). */
export function createUserInfo(overrides: Partial<TUserInfo> = {}): TUserInfo {
  const nickName = overrides.nickName ?? overrides.nickname ?? 'Maker Seven';
  return {
    userId: 7,
    userName: 'maker@example.com',
    avatar: '/files/avatar-7.png',
    points: 42,
    email: 'maker@example.com',
    gender: 'confidential',
    birthday: '1990-05-01',
    bio: 'I print lithophanes.',
    role: 'user',
    tag: 'Laser pro',
    favorPublic: false,
    likesPublic: false,
    ...overrides,
    nickName,
    nickname: nickName,
  };
}

/** Each captcha request draws a new image and id, like the server. */
export function serveCaptcha(network: FakeNetwork = fakeNetwork()) {
  let drawn = 0;
  network.on('GET', apiPath('auth.captcha'), () => {
    drawn += 1;
    return envelopeReply(`data:image/svg+xml;base64,Y2FwdGNoYS0${drawn}`, 200, 'success', {
      id: `captcha-${drawn}`,
    });
  });
  return { drawn: () => drawn };
}

export function serveUserInfo(info: TUserInfo = createUserInfo(), network = fakeNetwork()) {
  network.on('GET', apiPath('users.info'), () => envelopeReply(info));
  return info;
}

export const TOKENS = { access_token: 'access-1', refresh_token: 'refresh-1' };

/** A logged-in session as a previous login left it. */
export function logInAs(info: TUserInfo = createUserInfo()) {
  const session = useSessionStore.getState();
  session.setToken('access-0');
  session.setRefreshToken('refresh-0');
  session.setProfile({
    userId: String(info.userId),
    name: info.userName,
    avatar: info.avatar,
    points: info.points,
    nickName: info.nickName,
    role: info.role,
  });
}

/**
 * No pause between keystrokes, and no pointer-events check: that check reads
 * the computed style of every ancestor on each action, which is slow in jsdom
 * with antd's style sheets and adds nothing to these form tests.
 */
export const FAST_USER = {
  delay: null,
  pointerEventsCheck: PointerEventsCheckLevel.Never,
} satisfies Parameters<typeof renderApp>[1];

/**
 * Sets a field's whole value in one change event. Typing key by key adds
 * nothing to these tests and makes each one seconds slower in jsdom.
 */
export function fill(input: HTMLElement, text: string) {
  act(() => {
    fireEvent.change(input, { target: { value: text } });
  });
}

/** Renders the app at `path` and opens the login dialog on `panel`. */
export async function openAuthDialog(
  options: {
    path?: string;
    pendingRoute?: string | null;
    panel?: TLoginPanel;
    userOptions?: Parameters<typeof renderApp>[1];
  } = {},
) {
  // No pause between keystrokes: the forms re-render on each one.
  // A light page by default; the home feed's rendering is not what these tests are about.
  const view = renderApp(options.path ?? '/community', { delay: null, ...options.userOptions });
  act(() => useUiStore.getState().openLogin(options.pendingRoute ?? null, options.panel));
  const dialog = await screen.findByRole('dialog', {}, { timeout: LOAD_TIMEOUT_MS });
  // The forms load as their own chunk.
  await within(dialog).findByRole(
    'button',
    { name: /^(Log in|Sign up|Reset password|Change password)$/ },
    { timeout: LOAD_TIMEOUT_MS },
  );
  return { ...view, dialog, form: within(dialog) };
}
