import type { TLocale } from './constants';
import { message, type TMessageKey } from './messages';

/**
 * The moderation console's preset rejection reasons (ADR 0014). A rejection
 * keeps the code, not a text in the moderator's language, so the owner reads
 * it in theirs on their cards, the work and the system notification.
 */
export const REJECT_PRESETS = ['files', 'notOwn', 'inappropriate', 'misleading'] as const;
export type TRejectPreset = (typeof REJECT_PRESETS)[number];

const PRESET_MESSAGES: Record<TRejectPreset, TMessageKey> = {
  files: 'rejectPresetFiles',
  notOwn: 'rejectPresetNotOwn',
  inappropriate: 'rejectPresetInappropriate',
  misleading: 'rejectPresetMisleading',
};

/** How a preset is stored in `works.rejection_reason`: `preset:<code>`, then a newline and the note. */
const PRESET_PREFIX = 'preset:';
const STORED = /^preset:(\w+)(?:\n([\s\S]*))?$/;

const isPreset = (code: string): code is TRejectPreset =>
  (REJECT_PRESETS as readonly string[]).includes(code);

/** The stored form of a rejection: the preset's code (with the note), or the free text alone. */
export function encodeRejection(preset: TRejectPreset | undefined, note: string): string {
  if (preset === undefined) return note;
  return note ? `${PRESET_PREFIX}${preset}\n${note}` : `${PRESET_PREFIX}${preset}`;
}

/** A stored rejection as the reader sees it: the preset in `locale`, then the note; free text as written. */
export function rejectionText(stored: string, locale: TLocale): string {
  const match = STORED.exec(stored);
  const code = match?.[1];
  if (!match || code === undefined || !isPreset(code)) return stored;
  const reason = message(locale, PRESET_MESSAGES[code]);
  const note = match[2]?.trim();
  return note ? message(locale, 'rejectionWithNote', { reason, note }) : reason;
}

/** A stored rejection split into its preset (null for free text) and the note (or the free text). */
export function decodeRejection(stored: string): { preset: TRejectPreset | null; note: string } {
  const match = STORED.exec(stored);
  const code = match?.[1];
  if (!match || code === undefined || !isPreset(code)) return { preset: null, note: stored };
  return { preset: code, note: match[2]?.trim() ?? '' };
}
