import type { TLocale } from '@layerline/contract';

/**
 * Query keys of works, apart from their fetchers so the shell can name them
 * without loading them. Category and material names come back in the
 * request's language: the locale is in the key.
 */
export const workKeys = {
  all: ['works'] as const,
  detail: (id: number, locale: TLocale) => [...workKeys.all, 'detail', id, locale] as const,
  author: (id: number) => [...workKeys.all, 'author', id] as const,
};
