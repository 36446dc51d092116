/**
 * SPEC 3 also keeps these loose localStorage keys next to the persisted 'user'
 * object; other code (and older sessions) read them directly, so the session
 * store writes them through these helpers.
 */
export const MIRROR_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  isLogin: 'isLogin',
  userId: 'userId',
  username: 'username',
  avatar: 'avatar',
  isRemember: 'isRemember',
  /** Ours: the e-mail the login form is pre-filled with while remember-me is on; never a password. */
  rememberedEmail: 'rememberedEmail',
} as const;

export type TMirrorKey = keyof typeof MIRROR_KEYS;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readMirror(key: TMirrorKey): string | null {
  return storage()?.getItem(MIRROR_KEYS[key]) ?? null;
}

/** Empty values remove the key, so a cleared field never lingers as "". */
export function writeMirror(key: TMirrorKey, value: string | boolean | null | undefined): void {
  const store = storage();
  if (!store) return;
  if (value === null || value === undefined || value === '') store.removeItem(MIRROR_KEYS[key]);
  else store.setItem(MIRROR_KEYS[key], String(value));
}

/** SPEC 4 logout: token, refresh token, login flag, user id, name and avatar. */
export function clearSessionMirrors(): void {
  for (const key of ['token', 'refreshToken', 'isLogin', 'userId', 'username', 'avatar'] as const) {
    writeMirror(key, null);
  }
}

export function readRemember(): boolean {
  return readMirror('isRemember') === 'true';
}

export function writeRemember(isRemember: boolean): void {
  writeMirror('isRemember', isRemember);
}

/** The login form's remember-me: the choice itself, and the e-mail while it is on. */
export function rememberLogin(isRemember: boolean, email: string): void {
  writeRemember(isRemember);
  writeMirror('rememberedEmail', isRemember ? email : null);
}

export function readRememberedEmail(): string {
  return readRemember() ? (readMirror('rememberedEmail') ?? '') : '';
}
