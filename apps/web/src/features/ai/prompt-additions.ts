const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The prompt without one phrase the optimiser added (it appends them after a
 * comma, "，" in Chinese): the phrase and the separator before it go; what
 * the maker wrote stays as it is.
 */
export function withoutAddedPhrase(text: string, phrase: string): string {
  const listed = new RegExp(`\\s*[,，]\\s*${escapeRegExp(phrase)}(?=\\s*(?:[,，]|$))`);
  if (listed.test(text)) return text.replace(listed, '');
  const first = new RegExp(`^\\s*${escapeRegExp(phrase)}\\s*[,，]?\\s*`);
  return first.test(text) ? text.replace(first, '') : text;
}
