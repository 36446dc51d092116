import type { Namespace, TFunction } from 'i18next';
import { i18n } from './i18n';
import { useLocale } from './use-locale';

const fixed = new Map<string, TFunction>();

/**
 * The `t` of one namespace in the current language, for components a page
 * draws by the dozen (work cards, collection cards). It is made once per
 * language and namespace and shared, where useTranslation sets itself up
 * again in every instance; it renders again on a language switch
 * (useLocale). As with useTranslation, a namespace outside the shell's core
 * is registered by importing i18n/lazy/<namespace> (ADR 0028).
 */
export function useFixedT<N extends Namespace>(ns: N): TFunction<N> {
  const locale = useLocale();
  const key = `${locale}|${String(ns)}`;
  let t = fixed.get(key);
  if (!t) {
    t = i18n.getFixedT(locale, ns) as TFunction;
    fixed.set(key, t);
  }
  return t as TFunction<N>;
}
