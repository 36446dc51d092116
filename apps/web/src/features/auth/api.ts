import type {
  TChangePasswordRequest,
  TForgotPasswordRequest,
  TLoginRequest,
  TRegisterRequest,
  TTokens,
} from '@layerline/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api';

/** SPEC 7 'Auth and user' paths. */
export const AUTH_PATHS = {
  captcha: '/api/v1/user/captcha',
  login: '/api/v1/user/login',
  logout: '/api/v1/user/logout',
  register: '/api/v1/user/register',
  registerCode: (email: string) => `/api/v1/user/register/email/${encodeURIComponent(email)}`,
  resetCode: '/api/v1/user/emailCaptcha',
  resetPassword: '/api/v1/user/updatePwdByEmail',
  changePassword: '/api/v1/user/updatePwd',
} as const;

export const authKeys = {
  all: ['auth'] as const,
  captcha: () => [...authKeys.all, 'captcha'] as const,
};

export type TCaptcha = { image: string; id: string };

/** DESIGN 3: `data` is the image as a data URL, `id` goes back as the login's `uuid`. */
export async function fetchCaptcha(): Promise<TCaptcha> {
  const answer = await apiClient.get<string>(AUTH_PATHS.captcha, { cache: false });
  return { image: answer.data, id: answer.id ?? '' };
}

/** A new captcha on every mount; `refetch` draws another (SPEC 2: click to refresh). */
export function useCaptcha() {
  return useQuery({
    queryKey: authKeys.captcha(),
    queryFn: fetchCaptcha,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

const tokensOf = async (answer: Promise<{ data: TTokens }>) => (await answer).data;

export function useLogin() {
  return useMutation({
    mutationFn: (body: TLoginRequest) => tokensOf(apiClient.post<TTokens>(AUTH_PATHS.login, body)),
  });
}

/** DESIGN 3: a new account answers tokens, so registering logs the user in. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: TRegisterRequest) =>
      tokensOf(apiClient.post<TTokens>(AUTH_PATHS.register, body)),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: TForgotPasswordRequest) => {
      await apiClient.put<null>(AUTH_PATHS.resetPassword, body);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: TChangePasswordRequest) => {
      await apiClient.put<null>(AUTH_PATHS.changePassword, body);
    },
  });
}

/** SPEC 7: GET register/email/{email} sends the register code (1003 when taken). */
export async function sendRegisterCode(email: string): Promise<void> {
  await apiClient.get<null>(AUTH_PATHS.registerCode(email), { cache: false });
}

/** SPEC 7: POST emailCaptcha {email} sends the reset code (1004/1007 when unknown). */
export async function sendResetCode(email: string): Promise<void> {
  await apiClient.post<null>(AUTH_PATHS.resetCode, { email });
}

/**
 * SPEC 4 logout calls the server with the token the session had, even though
 * the local session is already cleared; the answer changes nothing locally.
 */
export async function logoutOnServer(token: string): Promise<void> {
  await apiClient.get<null>(AUTH_PATHS.logout, {
    cache: false,
    silent: true,
    headers: { Authorization: `Bearer ${token}` },
  });
}
