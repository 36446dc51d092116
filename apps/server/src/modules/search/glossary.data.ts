import { GIFT_TERMS } from './glossary-gifts.data';
import { HOME_TERMS } from './glossary-home.data';
import { LASER_TERMS } from './glossary-laser.data';
import { MAKING_TERMS } from './glossary-making.data';
import { MATERIAL_TERMS } from './glossary-materials.data';
import { PART_TERMS } from './glossary-parts.data';
import { PLAY_TERMS } from './glossary-play.data';
import { PRINTING_TERMS } from './glossary-printing.data';
import { THEME_TERMS } from './glossary-themes.data';

/**
 * A small bilingual maker glossary (ADR 0020): English and Chinese words for
 * the same thing, so a search in one language also finds works described in
 * the other (search-glossary.ts reads it both ways; buildDocument adds the
 * other language's words to a document at the lowest weight). One pair per
 * line, kept by subject in the glossary-*.data.ts files; a word may have
 * several partners. English is lower case, one to three words; Chinese is
 * the usual written form. Keep terms specific: a pair here joins every work
 * that uses either word. Adding pairs needs a TOKENIZER_VERSION bump to
 * reach existing documents.
 */
export const MAKER_GLOSSARY: readonly (readonly [en: string, zh: string])[] = [
  ...HOME_TERMS,
  ...GIFT_TERMS,
  ...THEME_TERMS,
  ...PLAY_TERMS,
  ...PART_TERMS,
  ...MATERIAL_TERMS,
  ...LASER_TERMS,
  ...PRINTING_TERMS,
  ...MAKING_TERMS,
];
