import { MESSAGES, type TLocale, type TMessageKey } from '@layerline/contract';

/** The console's preset reasons (REJECT_PRESETS), as the contract's catalogue names them. */
const PRESET_KEYS: readonly TMessageKey[] = [
  'rejectPresetFiles',
  'rejectPresetNotOwn',
  'rejectPresetInappropriate',
  'rejectPresetMisleading',
];

export type TRejectionParts = { reason: string; note: string };

/**
 * A rejection as the server rendered it in the reader's language
 * (`rejectionText`, ADR 0014: a preset, then its note after the catalogue's
 * separator; or free text) split back into the preset reason and the
 * moderator's note. Free text is the reason, with no note.
 */
export function rejectionParts(text: string, locale: TLocale): TRejectionParts {
  const catalogue = MESSAGES[locale];
  const [before, after] = catalogue.rejectionWithNote.split('{note}');
  const separator = (before ?? '').replace('{reason}', '');
  for (const key of PRESET_KEYS) {
    const preset = catalogue[key];
    if (text === preset) return { reason: preset, note: '' };
    if (text.startsWith(`${preset}${separator}`) && text.endsWith(after ?? '')) {
      return { reason: preset, note: text.slice(preset.length + separator.length).trim() };
    }
  }
  return { reason: text.trim(), note: '' };
}
