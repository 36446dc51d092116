import type { BrowserContext } from 'playwright-core';
import { encryptPassword, newEncryptionKey } from './outbox';
import { E2E_CAPTCHA } from './server';

interface IEnvelope<T> {
  code: number;
  msg: string;
  data: T;
  id?: string;
}

export interface IApiSession {
  token: string;
  refreshToken: string;
  userId: string;
  nickName: string;
  /** getinfo's role, stored with the session as the login flow does. */
  role?: string;
}

const call = async <T>(url: string, init: RequestInit = {}): Promise<IEnvelope<T>> => {
  const response = await fetch(url, {
    ...init,
    headers: { 'Content-Type': 'application/json', 'Content-Language': 'en', ...init.headers },
  });
  const body = (await response.json()) as IEnvelope<T>;
  if (response.status !== 200 || body.code !== 200) {
    throw new Error(
      `${init.method ?? 'GET'} ${url}: HTTP ${response.status} ${JSON.stringify(body)}`,
    );
  }
  return body;
};

/**
 * Logs in through the API the way the login panel does (captcha, AES password
 * transport), so a journey about something else starts signed in.
 */
export const loginThroughApi = async (
  origin: string,
  email: string,
  password: string,
): Promise<IApiSession> => {
  const captcha = await call<string>(`${origin}/api/v1/user/captcha`);
  const encryptionKey = newEncryptionKey();
  const { data: tokens } = await call<{ access_token: string; refresh_token: string }>(
    `${origin}/api/v1/user/login`,
    {
      method: 'POST',
      body: JSON.stringify({
        username: email,
        password: encryptPassword(password, encryptionKey),
        code: E2E_CAPTCHA,
        uuid: captcha.id,
        encryptionKey,
      }),
    },
  );
  const { data: info } = await call<{ userId: number; nickName: string; role?: string }>(
    `${origin}/api/v1/user/getinfo`,
    { headers: { Authorization: `Bearer ${tokens.access_token}` } },
  );
  return {
    token: tokens.access_token,
    refreshToken: tokens.refresh_token,
    userId: String(info.userId),
    nickName: info.nickName,
    role: info.role,
  };
};

/**
 * Writes the session the web app persists under the `user` key (SPEC 3) and
 * its loose `token` mirror before any page of the context loads.
 */
export const signInContext = async (
  context: BrowserContext,
  session: IApiSession,
  locale: 'en' | 'zh' = 'en',
): Promise<void> => {
  const persisted = {
    state: {
      user: {
        userId: session.userId,
        name: '',
        avatar: '',
        points: 0,
        nickName: session.nickName,
        ...(session.role ? { role: session.role } : {}),
      },
      token: session.token,
      refreshToken: session.refreshToken,
      isLogin: true,
      activePath: '/',
    },
    version: 0,
  };
  await context.addInitScript(
    ([user, token, userId, lang]) => {
      if (window.localStorage.getItem('user')) return;
      window.localStorage.setItem('user', user);
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('userId', userId);
      window.localStorage.setItem('locale', lang);
    },
    [JSON.stringify(persisted), session.token, session.userId, locale] as const,
  );
};

/**
 * Publishes a work through the API as the given user: uploads the design file
 * (kind=design), takes the first machine and category of the catalog, and
 * returns the new work's id. REVIEW_MODE is auto in the journeys, so it is live.
 */
export const publishThroughApi = async (
  origin: string,
  session: IApiSession,
  title: string,
  design: { name: string; bytes: Buffer },
): Promise<number> => {
  const auth = { Authorization: `Bearer ${session.token}` };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(design.bytes)]), design.name);
  const uploaded = await fetch(`${origin}/api/v1/resource/upload?kind=design`, {
    method: 'POST',
    headers: { ...auth, 'Content-Language': 'en' },
    body: form,
  });
  const file = ((await uploaded.json()) as IEnvelope<{ url: string; filename: string }>).data;
  const groups = await call<Array<{ machines: Array<{ ID: number }> }>>(
    `${origin}/api/v1/machine/machine_group`,
  );
  const categories = await call<Array<{ id: number }>>(`${origin}/api/v1/categroy/all`);
  const machineId = groups.data.flatMap((group) => group.machines)[0]?.ID;
  const categoryId = categories.data[0]?.id;
  const created = await call<{ id: number }>(`${origin}/api/v1/works/create`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      title,
      summary: 'Published for a browser journey.',
      project_file: [{ url: file.url, filename: file.filename }],
      software: 'Bambu Studio',
      machine_ids: [machineId],
      apply_dev: [5],
      use_material: ['PLA'],
      level: 0,
      categories: [categoryId],
    }),
  });
  return created.data.id;
};
