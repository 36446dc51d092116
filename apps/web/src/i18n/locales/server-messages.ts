import type { TMessageKey } from '@layerline/contract';

/** Auth error texts shared word for word with the server's envelope messages. */
export const SERVER_ERROR_KEYS = [
  'emailFormat',
  'passwordMismatch',
  'passwordEncryptionFailed',
  'captchaError',
  'emailCodeSendFailed',
  'emailExists',
  'emailNotFound',
  'emailCodeWrong',
  'captchaWrong',
  'accountOrPassword',
  'oldPasswordWrong',
  'applyTooFrequently',
] as const satisfies readonly TMessageKey[];

type TServerErrorKey = (typeof SERVER_ERROR_KEYS)[number];

export function pick(
  messages: Record<TMessageKey, string>,
  keys: readonly TServerErrorKey[],
): Record<TServerErrorKey, string> {
  return Object.fromEntries(keys.map((key) => [key, messages[key]])) as Record<
    TServerErrorKey,
    string
  >;
}
