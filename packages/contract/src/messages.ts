import type { TLocale } from './constants';

/**
 * Messages the server puts in the envelope's `msg`, localised by the request's
 * Content-Language (DESIGN 3). Texts quoted from SPEC 5 and 8 are kept as
 * written there. The web shows these same strings when it needs them.
 */
const en = {
  ok: 'success',
  badRequest: 'The request is invalid.',
  validationFailed: 'Invalid parameters: {details}',
  malformedJson: 'The request body is not valid JSON.',
  unauthorized: 'Your login session has expired. Please log in again',
  forbidden: 'You have no permission for this operation.',
  notFound: 'The requested resource does not exist.',
  routeNotFound: 'No such interface: {method} {url}',
  methodNotAllowed: 'Method {method} is not allowed here.',
  sensitiveWords: 'The content contains sensitive words: {words}',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This content type is not supported.',
  tooManyRequests: 'Too many requests, please try again later.',
  internal: 'Operation Failed, Please Try Again',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again later.',
  captchaError: 'get captcha error',
  emailCodeSendFailed: 'The e-mail code failed to send. Please try again.',
  emailExists: 'This e-mail is already registered.',
  emailNotFound: 'This e-mail is not registered.',
  emailCodeWrong: 'The e-mail code is wrong or has expired.',
  captchaWrong: 'The captcha is wrong.',
  accountOrPassword: 'Wrong account or password.',
  oldPasswordWrong: 'The old password is wrong.',
  applyTooFrequently: 'You apply too frequently, please try again later',
  passwordEncryptionFailed: 'Password encryption failed. Please try again.',
  passwordMismatch: 'The two passwords do not match.',
  emailFormat: 'please enter a correct email format',
  editOwnProfileOnly: 'You can only edit your own profile',
  invalidBannerType: 'type must be 1 (carousel) or 2 (banner).',
  agreementRequired: 'Please read and agree to the User Agreement and Privacy Policy',
  passwordLength: 'The password must be 8 to 20 characters',
  captchaRequired: 'Please enter the captcha',
  emailCodeRequired: 'Please enter the e-mail verification code',
  nicknameLength: 'The nickname must be 2 to 30 characters',
  genderInvalid: 'Please choose a gender',
  birthdayInvalid: 'Please enter a valid birthday (YYYY-MM-DD)',
  bioTooLong: 'The bio cannot exceed 500 characters',
  avatarInvalid: 'The avatar must be an image uploaded here',
  uploadKindInvalid: 'The upload kind is missing or not supported.',
  fileRequired: 'Please choose a file to upload.',
  uploadNotImage: 'Only JPG, PNG or GIF images are allowed.',
  fileTooLarge: 'The file is too large (at most {max}).',
} as const;

export type TMessageKey = keyof typeof en;

const zh: Record<TMessageKey, string> = {
  ok: '成功',
  badRequest: '请求无效。',
  validationFailed: '参数错误：{details}',
  malformedJson: '请求体不是有效的 JSON。',
  unauthorized: '您的登录已过期，请重新登录',
  forbidden: '您没有该操作的权限。',
  notFound: '请求的资源不存在。',
  routeNotFound: '接口不存在：{method} {url}',
  methodNotAllowed: '此处不允许 {method} 方法。',
  sensitiveWords: '内容包含敏感词：{words}',
  payloadTooLarge: '请求内容过大。',
  unsupportedMediaType: '不支持该内容类型。',
  tooManyRequests: '请求过于频繁，请稍后再试。',
  internal: '操作失败，请重试',
  serviceUnavailable: '服务暂时不可用，请稍后再试。',
  captchaError: '获取验证码失败',
  emailCodeSendFailed: '邮箱验证码发送失败，请重试。',
  emailExists: '该邮箱已注册。',
  emailNotFound: '该邮箱未注册。',
  emailCodeWrong: '邮箱验证码错误或已过期。',
  captchaWrong: '验证码错误。',
  accountOrPassword: '账号或密码错误。',
  oldPasswordWrong: '旧密码错误。',
  applyTooFrequently: '您申请过于频繁，请稍后再试',
  passwordEncryptionFailed: '密码加密失败，请重试。',
  passwordMismatch: '两次输入的密码不一致。',
  emailFormat: '请输入正确的邮箱格式',
  editOwnProfileOnly: '您只能编辑自己的资料',
  invalidBannerType: 'type 必须为 1（轮播）或 2（横幅）。',
  agreementRequired: '请阅读并同意用户协议和隐私政策',
  passwordLength: '密码长度为 8 到 20 个字符',
  captchaRequired: '请输入验证码',
  emailCodeRequired: '请输入邮箱验证码',
  nicknameLength: '昵称长度为 2 到 30 个字符',
  genderInvalid: '请选择性别',
  birthdayInvalid: '请输入有效的生日（YYYY-MM-DD）',
  bioTooLong: '个人简介不能超过 500 个字符',
  avatarInvalid: '头像必须是本站上传的图片',
  uploadKindInvalid: '上传类型缺失或不受支持。',
  fileRequired: '请选择要上传的文件。',
  uploadNotImage: '只能上传 JPG、PNG 或 GIF 图片。',
  fileTooLarge: '文件过大（最大 {max}）。',
};

export const MESSAGES: Record<TLocale, Record<TMessageKey, string>> = { en, zh };

/**
 * True for a key of the catalogue. The contract's zod schemas use message keys
 * as their error messages, so server and web localise the same text.
 */
export function isMessageKey(value: unknown): value is TMessageKey {
  return typeof value === 'string' && Object.hasOwn(en, value);
}

/** Formats a message with `{name}` placeholders. */
export function message(
  locale: TLocale,
  key: TMessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = MESSAGES[locale][key] ?? MESSAGES.en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
