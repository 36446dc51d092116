import type { IndexHtmlTransformContext, Plugin } from 'vite';

/** The page's first script (public/boot.js): it starts the app after the first paint (ADR 0023). */
export const BOOT_SCRIPT = '/boot.js';

const ENTRY_TAG = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/i;
const PRELOAD_TAG = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/gi;
const BOOT_TAG = new RegExp(`<script src="${BOOT_SCRIPT}" defer></script>`);

/**
 * index.html as built, with the app's module entry and its modulepreloads moved
 * from the head onto the boot script's tag (data-entry, data-preload): the boot
 * script adds them after the page's first paint, so the boot shell and the
 * carousel image it carries are not queued behind the app's scripts. (Kept in
 * the head at low priority, the preloads still took the line from the image.)
 */
export function startAfterPaint(html: string): string {
  const entry = ENTRY_TAG.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry to start after the first paint');
  if (!BOOT_TAG.test(html))
    throw new Error(`index.html has no <script src="${BOOT_SCRIPT}" defer>`);
  const preloads = [...html.matchAll(PRELOAD_TAG)].map((match) => match[1]);
  const rest = html.replace(ENTRY_TAG, '').replace(PRELOAD_TAG, '');
  return rest.replace(
    BOOT_TAG,
    `<script src="${BOOT_SCRIPT}" defer data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`,
  );
}

const STYLESHEET_TAG = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/gi;

/**
 * index.html with the app's own stylesheets written into it (a <style> that
 * names its file in data-href, which the first-load budget reads): the boot
 * shell paints with the HTML alone, without waiting for a stylesheet request.
 */
export function inlineStylesheets(html: string, read: (url: string) => string | undefined): string {
  return html.replace(STYLESHEET_TAG, (tag, href: string) => {
    const css = read(href);
    if (css === undefined) return tag;
    return `<style data-href="${href}">${css.replaceAll('</style', '<\\/style')}</style>`;
  });
}

function bundleCss(context: IndexHtmlTransformContext): (url: string) => string | undefined {
  return (url) => {
    const asset = context.bundle?.[url.replace(/^\//, '')];
    if (asset?.type !== 'asset') return undefined;
    return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString();
  };
}

/**
 * Vite plugin: the built index.html paints with its HTML alone and starts the
 * app after that first paint (inlineStylesheets, startAfterPaint).
 */
export function startAppAfterPaint(): Plugin {
  return {
    name: 'layerline:start-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => startAfterPaint(inlineStylesheets(html, bundleCss(context))),
    },
  };
}
