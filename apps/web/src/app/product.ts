export const DEFAULT_PRODUCT_TITLE = 'Layerline';

/**
 * SPEC 2: the product title is configurable. The server writes it into the
 * application-name meta of index.html; until it has (the raw placeholder is
 * still there, or the tag is missing) the default brand is used. The check
 * avoids spelling the placeholder so the server's replacement cannot touch it.
 */
export function getProductTitle(doc: Document = document): string {
  const value = doc.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content;
  const trimmed = value?.trim() ?? '';
  if (!trimmed || /^__[A-Z_]+__$/.test(trimmed)) return DEFAULT_PRODUCT_TITLE;
  return trimmed;
}
