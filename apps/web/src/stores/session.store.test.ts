import { describe, expect, it } from 'vitest';
import {
  EMPTY_PROFILE,
  HOME_PATH,
  hasStoredToken,
  profileFromUserInfo,
  SESSION_STORAGE_KEY,
  useSessionStore,
} from './session.store';

const session = () => useSessionStore.getState();
const persisted = () => JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state;

describe('session store (SPEC 3 client-held session, SPEC 4 login and session)', () => {
  it('starts logged out with the SPEC 3 defaults', () => {
    expect(session()).toMatchObject({
      token: '',
      refreshToken: '',
      isLogin: false,
      activePath: HOME_PATH,
      isLoginInProgress: false,
      aiConsumeInfo: null,
    });
    expect(session().user).toEqual({
      userId: '',
      name: '',
      avatar: '',
      points: 0,
      nickName: '',
      role: 'user',
      suspension: null,
    });
  });

  it('sets isLogin from the truthiness of the token and mirrors token and isLogin', () => {
    session().setToken('access-1');
    expect(session()).toMatchObject({ token: 'access-1', isLogin: true });
    expect(window.localStorage.getItem('token')).toBe('access-1');
    expect(window.localStorage.getItem('isLogin')).toBe('true');

    session().setToken('');
    expect(session()).toMatchObject({ token: '', isLogin: false });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('isLogin')).toBe('false');

    session().setToken(null);
    expect(session().isLogin).toBe(false);
  });

  it('persists exactly user, token, isLogin, activePath and refreshToken under "user"', () => {
    session().setToken('access-1');
    session().setRefreshToken('refresh-1');
    session().setLoginInProgress(true);
    session().setAiConsumeInfo({ lastJob: 1 });
    session().setProfile({ userId: '7', name: 'maker', points: 30 });
    session().setActivePath('/community');

    const state = persisted();
    expect(Object.keys(state).sort()).toEqual([
      'activePath',
      'isLogin',
      'refreshToken',
      'token',
      'user',
    ]);
    expect(state).toMatchObject({
      token: 'access-1',
      refreshToken: 'refresh-1',
      isLogin: true,
      activePath: '/community',
      user: { userId: '7', name: 'maker', points: 30, avatar: '', nickName: '', role: 'user' },
    });
  });

  it('mirrors refreshToken, userId, username and avatar to their own keys', () => {
    session().setRefreshToken('refresh-1');
    session().setProfile({ userId: '7', name: 'maker', avatar: '/files/a.png' });
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(window.localStorage.getItem('userId')).toBe('7');
    expect(window.localStorage.getItem('username')).toBe('maker');
    expect(window.localStorage.getItem('avatar')).toBe('/files/a.png');
  });

  it('clearUser resets profile and tokens, isLogin, activePath and isLoginInProgress (SPEC 4)', () => {
    window.localStorage.setItem('isRemember', 'true');
    session().setToken('access-1');
    session().setRefreshToken('refresh-1');
    session().setProfile({
      userId: '7',
      name: 'maker',
      avatar: '/a.png',
      points: 9,
      nickName: 'M',
      role: 'moderator',
    });
    session().setActivePath('/inform');
    session().setLoginInProgress(true);

    session().clearUser();

    expect(session()).toMatchObject({
      token: '',
      refreshToken: '',
      isLogin: false,
      activePath: HOME_PATH,
      isLoginInProgress: false,
      user: EMPTY_PROFILE,
    });
    for (const key of ['token', 'refreshToken', 'isLogin', 'userId', 'username', 'avatar']) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    // Remember-me is a preference of the device, not of the session.
    expect(window.localStorage.getItem('isRemember')).toBe('true');
    expect(persisted()).toMatchObject({ token: '', isLogin: false, activePath: HOME_PATH });
    // Logout takes the role away, so the next visitor sees no moderator buttons.
    expect(session().user.role).toBe('user');
    expect(persisted().user.role).toBe('user');
  });

  it('persists the role with the profile and puts it back', async () => {
    session().setProfile({ userId: '7', role: 'admin' });
    expect(persisted().user.role).toBe('admin');
    const stored = window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '';
    // A new page load: the memory is empty, the stored session is read back.
    useSessionStore.setState({ user: EMPTY_PROFILE });
    window.localStorage.setItem(SESSION_STORAGE_KEY, stored);
    expect(session().user.role).toBe('user');
    await useSessionStore.persist.rehydrate();
    expect(session().user).toMatchObject({ userId: '7', role: 'admin' });
  });

  it('gives a profile stored without a role, or with an unknown one, the user role', async () => {
    for (const role of [undefined, 'superuser']) {
      window.localStorage.setItem(
        SESSION_STORAGE_KEY,
        JSON.stringify({
          state: { token: 't', isLogin: true, user: { userId: '3', name: 'old', role } },
          version: 0,
        }),
      );
      await useSessionStore.persist.rehydrate();
      expect(session().user).toEqual({ ...EMPTY_PROFILE, userId: '3', name: 'old', role: 'user' });
    }
  });

  it('rehydrates the persisted subset from localStorage', async () => {
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        state: {
          token: 'stored',
          refreshToken: 'r',
          isLogin: true,
          activePath: '/',
          user: { ...EMPTY_PROFILE, userId: '3' },
        },
        version: 0,
      }),
    );
    await useSessionStore.persist.rehydrate();
    expect(session()).toMatchObject({ token: 'stored', isLogin: true });
    expect(session().user.userId).toBe('3');
    expect(hasStoredToken()).toBe(true);
  });

  it('judges login by a stored token (SPEC 6), also the loose token key', () => {
    expect(hasStoredToken()).toBe(false);
    window.localStorage.setItem('token', 'loose');
    expect(hasStoredToken()).toBe(true);
  });

  it('maps user info: name from userName, nickName from nickName or nickname', () => {
    expect(
      profileFromUserInfo({ id: 5, userName: 'u', nickname: 'Nick', avatar: '', points: 12 }),
    ).toEqual({
      userId: '5',
      name: 'u',
      nickName: 'Nick',
      avatar: '',
      points: 12,
    });
    expect(profileFromUserInfo({ userId: '9', nickName: 'N' })).toEqual({
      userId: '9',
      nickName: 'N',
    });
  });

  it('maps the role of user info, ignoring an unknown one', () => {
    expect(profileFromUserInfo({ userId: 9, role: 'moderator' })).toEqual({
      userId: '9',
      role: 'moderator',
    });
    expect(profileFromUserInfo({ userId: 9, role: 'root' })).toEqual({ userId: '9' });
  });

  it('maps the suspension of user info (ADR 0014): its reason, null when lifted, kept when absent', () => {
    const at = '2026-11-24T10:00:00.000Z';
    expect(profileFromUserInfo({ userId: 9, suspension: { reason: 'Spam', at } })).toEqual({
      userId: '9',
      suspension: { reason: 'Spam' },
    });
    expect(profileFromUserInfo({ userId: 9, suspension: null })).toEqual({
      userId: '9',
      suspension: null,
    });
    expect(profileFromUserInfo({ userId: 9 })).toEqual({ userId: '9' });
  });
});
