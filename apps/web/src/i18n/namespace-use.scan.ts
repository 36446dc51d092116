/**
 * What a source module asks of the catalogs (ADR 0028): the namespaces it
 * uses, through `useTranslation` or `useFixedT`, an `ns` option or a `'namespace:key'` text,
 * and the English namespaces it registers by importing `i18n/lazy/<name>`.
 */
export type TNamespaceUse = { uses: string[]; registers: string[] };

const HOOK = /(?:useTranslation|useFixedT)\(\s*(\[[^\]]*\]|'[a-z]+')/g;
const NS_OPTION = /\bns:\s*(\[[^\]]*\]|'[a-z]+')/g;
const PREFIXED_KEY = /['"`]([a-z]+):[a-zA-Z]/g;
const REGISTRATION = /^import '(?:\.{1,2}\/)+(?:[\w-]+\/)*lazy\/([a-z]+)';$/gm;

function quotedNames(list: string): string[] {
  return [...list.matchAll(/'([a-z]+)'/g)].map((match) => match[1] as string);
}

export function scanNamespaceUse(source: string, namespaces: readonly string[]): TNamespaceUse {
  const known = new Set(namespaces);
  const uses = new Set<string>();
  for (const match of source.matchAll(HOOK))
    for (const name of quotedNames(match[1] ?? '')) uses.add(name);
  for (const match of source.matchAll(NS_OPTION))
    for (const name of quotedNames(match[1] ?? '')) uses.add(name);
  for (const match of source.matchAll(PREFIXED_KEY)) {
    const name = match[1] as string;
    if (known.has(name)) uses.add(name);
  }
  const registers = [...source.matchAll(REGISTRATION)].map((match) => match[1] as string);
  return { uses: [...uses].sort(), registers: registers.sort() };
}
