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

/**
 * Publish form texts (SPEC 5 'Publish') shared with the server: the contract's
 * work schemas report these keys, so the form shows the server's exact words.
 */
export const PUBLISH_ERROR_KEYS = [
  'workTitleRequired',
  'workTitleTooLong',
  'workSummaryTooLong',
  'projectFileRequired',
  'projectFilesTooMany',
  'coversTooMany',
  'softwareRequired',
  'softwareTooLong',
  'machineRequired',
  'machinesTooMany',
  'machineInvalid',
  'applicationRequired',
  'applicationInvalid',
  'materialsRequired',
  'materialsDuplicate',
  'materialsTooMany',
  'materialTooLong',
  'difficultyRequired',
  'categoryRequired',
  'categoriesTooMany',
  'categoryInvalid',
  'tagsDuplicate',
  'tagsTooMany',
  'tagTooLong',
  'tagEmpty',
  'sourceInvalid',
  'sourceUrlRequired',
  'sourceUrlInvalid',
  'guideTooLong',
  'instructionInvalid',
  'workNotOwner',
  'uploadImageType',
  'uploadPdfOnly',
  'uploadDesignType',
] as const satisfies readonly TMessageKey[];

export function pick<TKey extends TMessageKey>(
  messages: Record<TMessageKey, string>,
  keys: readonly TKey[],
): Record<TKey, string> {
  return Object.fromEntries(keys.map((key) => [key, messages[key]])) as Record<TKey, string>;
}

/** Community post texts (SPEC 5 'Post') shared with the server through the contract's post schema. */
export const POST_ERROR_KEYS = [
  'postContentRequired',
  'postContentTooLong',
  'postImagesTooMany',
  'postImageInvalid',
  'postWorkInvalid',
  'postTopicTooLong',
  'postForbidden',
] as const satisfies readonly TMessageKey[];
