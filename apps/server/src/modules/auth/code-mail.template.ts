import type { TLocale } from '@layerline/contract';
import type { TEmailCodePurpose } from '../../db/schema';
import type { TMail } from '../mail';

export type TCodeMailInput = {
  to: string;
  code: string;
  purpose: TEmailCodePurpose;
  minutes: number;
  productTitle: string;
  locale: TLocale;
};

const TEXTS = {
  en: {
    subject: (title: string) => `${title} verification code`,
    purpose: { register: 'to create your account', reset: 'to reset your password' },
    intro: (purpose: string) => `Use this code ${purpose}:`,
    validity: (minutes: number) => `It is valid for ${minutes} minutes and can be used once.`,
    ignore: 'If you did not ask for it, you can ignore this e-mail.',
  },
  zh: {
    subject: (title: string) => `${title} 邮箱验证码`,
    purpose: { register: '用于注册账号', reset: '用于重置密码' },
    intro: (purpose: string) => `您的验证码（${purpose}）：`,
    validity: (minutes: number) => `验证码 ${minutes} 分钟内有效，仅可使用一次。`,
    ignore: '如果这不是您本人的操作，请忽略此邮件。',
  },
} as const;

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The e-mail code mail (SPEC 4), in the language of the request that asked for it. */
export function codeMail(input: TCodeMailInput): TMail {
  const t = TEXTS[input.locale];
  const intro = t.intro(t.purpose[input.purpose]);
  const validity = t.validity(input.minutes);
  const title = escapeHtml(input.productTitle);
  const text = [intro, '', input.code, '', validity, t.ignore, '', input.productTitle].join('\n');
  const html = [
    `<div style="font-family:sans-serif;font-size:14px;color:#222">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(input.code)}</p>`,
    `<p>${escapeHtml(validity)}</p>`,
    `<p style="color:#888">${escapeHtml(t.ignore)}</p>`,
    `<p style="color:#888">${title}</p>`,
    '</div>',
  ].join('');
  return { to: input.to, subject: t.subject(input.productTitle), text, html };
}
