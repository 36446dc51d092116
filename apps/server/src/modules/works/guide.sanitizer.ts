import sanitizeHtml from 'sanitize-html';

const HTTP_URL = /^https?:\/\/[^\s]+$/i;

/** What a TipTap guide uses (DESIGN 4), and nothing that can run or load. */
// biome-ignore format: a word list
const GUIDE_TAGS = [
  'p', 'br', 'h2', 'h3', 'h4', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code',
  'pre', 'a', 'img',
];

export type TSanitizedGuide = {
  /** Safe HTML to store and show; '' when nothing visible is left. */
  html: string;
  /** Plain text of the guide (for the sensitive-word check). */
  text: string;
  /** The /files URLs of its images, to check they are the author's. */
  images: string[];
};

/**
 * SPEC 3 rich-text production guide (`attachment`), sanitised on the server
 * with an allow-list: paragraphs, h2-h4, emphasis, lists, quotes, code, links
 * (http and https only, opened with rel=noopener) and images from our file
 * storage (`isStoredFile`: /files/<key>, or the object store's URLs).
 * Everything else (script, style, event handlers, iframes, other URLs) goes.
 * Absolute image URLs on our own address are stored relative.
 */
export function sanitizeGuide(
  html: string,
  publicUrl: string,
  isStoredFile: (url: string) => boolean,
): TSanitizedGuide {
  const images: string[] = [];
  const clean = sanitizeHtml(html, {
    allowedTags: GUIDE_TAGS,
    allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https'],
    // Images are then limited to our own storage by exclusiveFilter.
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim();
        const safe: Record<string, string> = HTTP_URL.test(href)
          ? { href, rel: 'noopener noreferrer nofollow', target: '_blank' }
          : {};
        return { tagName, attribs: safe };
      },
      img: (tagName, attribs) => {
        let src = (attribs.src ?? '').trim();
        if (src.startsWith(`${publicUrl}/`)) src = src.slice(publicUrl.length);
        const alt = (attribs.alt ?? '').slice(0, 200);
        const safe: Record<string, string> = alt ? { src, alt } : { src };
        return { tagName, attribs: safe };
      },
    },
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'img') return false;
      const src = frame.attribs.src ?? '';
      if (!isStoredFile(src)) return true;
      images.push(src);
      return false;
    },
  });
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} })
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  const isEmpty = text.trim() === '' && images.length === 0;
  return { html: isEmpty ? '' : clean, text, images: [...new Set(images)] };
}
