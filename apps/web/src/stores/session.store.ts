import { LIMITS, ROLES, type TRole } from '@layerline/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { clearSessionMirrors, readMirror, writeMirror } from './session-mirror';

/** SPEC 2: the stored active path defaults to home. */
export const HOME_PATH = '/';
/** SPEC 3: localStorage key of the persisted session subset. */
export const SESSION_STORAGE_KEY = 'user';

/** SPEC 3 'Client-held session and profile'. */
export interface TSessionProfile {
  userId: string;
  /** From userName in the server response. */
  name: string;
  /** Empty means the fallback avatar is shown. */
  avatar: string;
  points: number;
  /** From nickName or nickname in the response. */
  nickName: string;
  /**
   * DESIGN 3 role from getinfo; ours beyond SPEC 3: it shows moderators and
   * admins the delete button on every comment (the server enforces the right).
   */
  role: TRole;
  /**
   * Ours (ADR 0014): set while the account is suspended (from getinfo, or
   * from a write refused for it), so the shell can say why writes fail.
   */
  suspension: { reason: string; until?: string | null } | null;
}

export const EMPTY_PROFILE: TSessionProfile = {
  userId: '',
  name: '',
  avatar: '',
  points: LIMITS.defaultPoints,
  nickName: '',
  role: 'user',
  suspension: null,
};

const isRole = (value: unknown): value is TRole =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Moderators and admins may delete any comment (DESIGN 3 roles include the ones before them). */
export function canModerate(role: TRole): boolean {
  return role === 'moderator' || role === 'admin';
}

export interface TSessionState {
  user: TSessionProfile;
  token: string;
  refreshToken: string;
  isLogin: boolean;
  activePath: string;
  isLoginInProgress: boolean;
  /** SPEC 3: contents not specified; kept opaque until the AI issue defines it. */
  aiConsumeInfo: Record<string, unknown> | null;
  /** SPEC 4: user info is fetched at most once per 5 s; when it was last asked for (not persisted). */
  userInfoRequestedAt: number;
  setToken: (token: string | null | undefined) => void;
  setRefreshToken: (refreshToken: string | null | undefined) => void;
  setProfile: (profile: Partial<TSessionProfile>) => void;
  setActivePath: (path: string) => void;
  setLoginInProgress: (isLoginInProgress: boolean) => void;
  setAiConsumeInfo: (info: Record<string, unknown> | null) => void;
  markUserInfoRequested: (at: number) => void;
  clearUser: () => void;
}

type TPersisted = Pick<TSessionState, 'user' | 'token' | 'isLogin' | 'activePath' | 'refreshToken'>;

const initialState = {
  user: EMPTY_PROFILE,
  token: '',
  refreshToken: '',
  isLogin: false,
  activePath: HOME_PATH,
  isLoginInProgress: false,
  aiConsumeInfo: null,
  userInfoRequestedAt: 0,
};

export const useSessionStore = create<TSessionState>()(
  persist(
    (set) => ({
      ...initialState,
      // SPEC 4: isLogin follows the truthiness of the token.
      setToken: (token) => {
        const value = token ?? '';
        writeMirror('token', value);
        writeMirror('isLogin', Boolean(value));
        set({ token: value, isLogin: Boolean(value) });
      },
      setRefreshToken: (refreshToken) => {
        writeMirror('refreshToken', refreshToken ?? '');
        set({ refreshToken: refreshToken ?? '' });
      },
      setProfile: (profile) =>
        set((state) => {
          const user = { ...state.user, ...profile };
          writeMirror('userId', user.userId);
          writeMirror('username', user.name);
          writeMirror('avatar', user.avatar);
          return { user };
        }),
      setActivePath: (activePath) => set({ activePath }),
      setLoginInProgress: (isLoginInProgress) => set({ isLoginInProgress }),
      setAiConsumeInfo: (aiConsumeInfo) => set({ aiConsumeInfo }),
      markUserInfoRequested: (userInfoRequestedAt) => set({ userInfoRequestedAt }),
      // SPEC 4: reset profile and tokens, isLogin false, activePath home, not logging in.
      clearUser: () => {
        clearSessionMirrors();
        set({ ...initialState, user: { ...EMPTY_PROFILE } });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => window.localStorage),
      partialize: (state): TPersisted => ({
        user: state.user,
        token: state.token,
        isLogin: state.isLogin,
        activePath: state.activePath,
        refreshToken: state.refreshToken,
      }),
      // A profile stored before a field existed (or with an unknown role) gets the defaults.
      merge: (stored, current) => {
        const saved = (stored ?? {}) as Partial<TPersisted>;
        const user = { ...EMPTY_PROFILE, ...saved.user };
        if (!isRole(user.role)) user.role = EMPTY_PROFILE.role;
        if (typeof user.suspension?.reason !== 'string') user.suspension = null;
        return { ...current, ...saved, user };
      },
    },
  ),
);

/**
 * SPEC 2 and 6: login is judged by the presence of a stored token. The loose
 * 'token' key counts too, so a session written by the login flow before the
 * store rehydrated is not treated as logged out.
 */
export function hasStoredToken(): boolean {
  return Boolean(useSessionStore.getState().token || readMirror('token'));
}

/** Maps a user-info response (SPEC 3 field names) onto the session profile. */
export function profileFromUserInfo(info: Record<string, unknown>): Partial<TSessionProfile> {
  const text = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
  const profile: Partial<TSessionProfile> = {};
  const userId = text(info.userId ?? info.id ?? info.ID);
  const name = text(info.userName);
  const avatar = text(info.avatar);
  const nickName = text(info.nickName ?? info.nickname);
  if (userId !== undefined) profile.userId = userId;
  if (name !== undefined) profile.name = name;
  if (avatar !== undefined) profile.avatar = avatar;
  if (nickName !== undefined) profile.nickName = nickName;
  if (typeof info.points === 'number') profile.points = info.points;
  if (isRole(info.role)) profile.role = info.role;
  const { suspension } = info;
  if (suspension === null) profile.suspension = null;
  else if (typeof suspension === 'object' && suspension !== undefined) {
    const reason = (suspension as { reason?: unknown }).reason;
    const until = (suspension as { until?: unknown }).until;
    if (typeof reason === 'string')
      profile.suspension = typeof until === 'string' ? { reason, until } : { reason };
  }
  return profile;
}
