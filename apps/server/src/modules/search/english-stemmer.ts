/**
 * A light English stemmer for search (SPEC 4 Search: English words match
 * their other forms). It is the inflectional part of the Porter2 ("Snowball
 * English") algorithm: steps 0, 1a, 1b, 1c and 5 (plurals, -ed, -ing, final
 * -e and -y). The derivational steps 2 to 4 are left out on purpose: they
 * join words a maker would not (organizer and organic both become "organ",
 * parametric "parametr"), while a search for "coasters" only needs "coaster".
 *
 * Only lower-case ASCII words are stemmed; anything else comes back as given.
 */

const VOWELS = 'aeiouy';
const DOUBLES = ['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt'];
/** Porter2's exceptions: words whose stem the rules would get wrong. */
const EXCEPTIONS = new Map([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['news', 'news'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
  ['sky', 'sky'],
  ['howe', 'howe'],
]);
/** Words that step 1a may leave and the rest must not touch (innings, earrings). */
const INVARIANT = new Set([
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'proceed',
  'exceed',
  'succeed',
]);
/** Prefixes whose R1 starts after them (generous, communal, arsenic). */
const R1_PREFIXES = ['gener', 'commun', 'arsen'];

/** 'Y' stands for a consonant y (Porter2), so it is not a vowel. */
const isVowel = (ch: string | undefined) => ch !== undefined && VOWELS.includes(ch);

/** Start of the region after the first non-vowel that follows a vowel. */
function regionStart(word: string, from: number): number {
  for (let i = from + 1; i < word.length; i += 1) {
    if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1;
  }
  return word.length;
}

function regions(word: string): { r1: number; r2: number } {
  const prefix = R1_PREFIXES.find((p) => word.startsWith(p));
  const r1 = prefix ? prefix.length : regionStart(word, 0);
  return { r1, r2: regionStart(word, r1) };
}

/** A short syllable ends at `end` (exclusive): vowel, then a consonant not w, x or Y. */
function endsWithShortSyllable(word: string, end = word.length): boolean {
  const last = word[end - 1];
  const vowel = word[end - 2];
  if (end === 2) return isVowel(vowel) && !isVowel(last);
  return (
    end > 2 &&
    !isVowel(word[end - 3]) &&
    isVowel(vowel) &&
    !isVowel(last) &&
    last !== 'w' &&
    last !== 'x' &&
    last !== 'Y'
  );
}

const isShort = (word: string) => endsWithShortSyllable(word) && regions(word).r1 >= word.length;

function step1a(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ied') || word.endsWith('ies')) {
    return word.length > 4 ? word.slice(0, -2) : word.slice(0, -1);
  }
  if (word.endsWith('us') || word.endsWith('ss') || !word.endsWith('s')) return word;
  // Drop the s when a vowel comes before the letter just before it: gaps, not gas.
  const stem = word.slice(0, -1);
  return [...stem.slice(0, -1)].some(isVowel) ? stem : word;
}

function step1b(word: string): string {
  const { r1 } = regions(word);
  for (const suffix of ['eedly', 'eed']) {
    if (word.endsWith(suffix)) {
      return word.length - suffix.length >= r1 ? `${word.slice(0, -suffix.length)}ee` : word;
    }
  }
  const suffix = ['ingly', 'edly', 'ing', 'ed'].find((s) => word.endsWith(s));
  if (!suffix) return word;
  const stem = word.slice(0, -suffix.length);
  if (![...stem].some(isVowel)) return word;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
  if (DOUBLES.some((pair) => stem.endsWith(pair))) return stem.slice(0, -1);
  return isShort(stem) ? `${stem}e` : stem;
}

/** A final y after a consonant that is not the first letter becomes i: cry, cries. */
function step1c(word: string): string {
  const last = word.at(-1);
  if ((last === 'y' || last === 'Y') && word.length > 2 && !isVowel(word.at(-2))) {
    return `${word.slice(0, -1)}i`;
  }
  return word;
}

/** A final e goes unless it would break a short syllable (hope stays, engrave goes). */
function step5(word: string): string {
  const { r1, r2 } = regions(word);
  const at = word.length - 1;
  if (word.endsWith('e')) {
    if (at >= r2 || (at >= r1 && !endsWithShortSyllable(word, at))) return word.slice(0, -1);
    return word;
  }
  if (word.endsWith('ll') && at >= r2) return word.slice(0, -1);
  return word;
}

/** The stem of a lower-case English word; short and non-ASCII words are left as they are. */
export function stemEnglish(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  const exception = EXCEPTIONS.get(word);
  if (exception) return exception;
  // y at the start or after a vowel is a consonant.
  let marked = word.replace(/^y/, 'Y').replace(/([aeiouy])y/g, '$1Y');
  marked = step1a(marked);
  if (INVARIANT.has(marked)) return marked;
  marked = step5(step1c(step1b(marked)));
  return marked.toLowerCase();
}
