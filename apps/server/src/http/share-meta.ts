import { escapeHtml } from './html';

/** What a shared link previews (Open Graph, Twitter cards). Plain text: escaped here. */
export type TShareTags = {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute image URL; absent keeps the page's default image tags. */
  image?: string;
  siteName: string;
};

const DESCRIPTION_MAX = 200;

/** One line of plain text, cut at a word where possible, for a description tag. */
export function shortDescription(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

const metaPattern = (attribute: 'name' | 'property', key: string) =>
  new RegExp(
    `<meta\\b[^>]*\\b${attribute}\\s*=\\s*["']${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'][^>]*>\\s*`,
    'gi',
  );

/**
 * The page with its title, description, canonical link, Open Graph and
 * Twitter tags replaced by `tags` (SPEC 2: each page sets title, description,
 * social-share tags and canonical link; crawlers do not run the app, so a
 * shared work gets them from the server). Every value is HTML-escaped.
 */
export function withShareTags(html: string, tags: TShareTags): string {
  const replaced: ['name' | 'property', string][] = [
    ['name', 'description'],
    ['property', 'og:type'],
    ['property', 'og:site_name'],
    ['property', 'og:title'],
    ['property', 'og:description'],
    ['property', 'og:url'],
    ['name', 'twitter:card'],
    ['name', 'twitter:title'],
    ['name', 'twitter:description'],
  ];
  if (tags.image) replaced.push(['property', 'og:image'], ['name', 'twitter:image']);
  let page = html
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<link\b[^>]*\brel\s*=\s*["']canonical["'][^>]*>\s*/gi, '');
  for (const [attribute, key] of replaced) page = page.replace(metaPattern(attribute, key), '');

  const title = escapeHtml(tags.title);
  const description = escapeHtml(tags.description);
  const url = escapeHtml(tags.url);
  const lines = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    '<meta property="og:type" content="article" />',
    `<meta property="og:site_name" content="${escapeHtml(tags.siteName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ];
  if (tags.image) {
    const image = escapeHtml(tags.image);
    lines.push(
      `<meta property="og:image" content="${image}" />`,
      `<meta name="twitter:image" content="${image}" />`,
    );
  }
  const block = `${lines.join('\n    ')}\n  `;
  const head = page.search(/<\/head>/i);
  return head === -1 ? `${block}${page}` : `${page.slice(0, head)}${block}${page.slice(head)}`;
}
