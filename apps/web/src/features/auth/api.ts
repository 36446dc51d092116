import type {
  TChangePasswordRequest,
  TForgotPasswordRequest,
  TLoginRequest,
  TRegisterRequest,
} from '@layerline/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';

export const authKeys = {
  all: ['auth'] as const,
  captcha: () => [...authKeys.all, 'captcha'] as const,
};

export type TCaptcha = { image: string; id: string };

/** DESIGN 3: `data` is the image as a data URL, `id` goes back as the login's `uuid`. */
export async function fetchCaptcha(): Promise<TCaptcha> {
  const answer = await callApi('auth.captcha', {});
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

export function useLogin() {
  return useMutation({
    mutationFn: async (body: TLoginRequest) => (await callApi('auth.login', { body })).data,
  });
}

/** DESIGN 3: a new account answers tokens, so registering logs the user in. */
export function useRegister() {
  return useMutation({
    mutationFn: async (body: TRegisterRequest) => (await callApi('auth.register', { body })).data,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: TForgotPasswordRequest) => {
      await callApi('auth.resetPassword', { body });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: TChangePasswordRequest) => {
      await callApi('auth.changePassword', { body });
    },
  });
}

/** SPEC 7: GET register/email/{email} sends the register code (1003 when taken). */
export async function sendRegisterCode(email: string): Promise<void> {
  await callApi('auth.registerCode', { params: { email } });
}

/** SPEC 7: POST emailCaptcha {email} sends the reset code (1004/1007 when unknown). */
export async function sendResetCode(email: string): Promise<void> {
  await callApi('auth.resetCode', { body: { email } });
}
