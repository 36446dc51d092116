import type { IndexHtmlTransformContext, Plugin, Rollup } from 'vite';
import { HOME_ROUTE_MODULE, staticClosure } from './first-load.ts';

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
export function startAfterPaint(html: string, home: THomeRouteFiles = NO_FILES): string {
  const entry = ENTRY_TAG.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry to start after the first paint');
  if (!BOOT_TAG.test(html))
    throw new Error(`index.html has no <script src="${BOOT_SCRIPT}" defer>`);
  const preloads = [...html.matchAll(PRELOAD_TAG)].map((match) => match[1]);
  const rest = html.replace(ENTRY_TAG, '').replace(PRELOAD_TAG, '');
  const homeJs = home.js.filter((url) => url !== entry && !preloads.includes(url));
  // The entry's own stylesheet is already written into the page.
  const homeCss = home.css.filter((url) => !html.includes(`"${url}"`));
  const homeTags =
    homeJs.length + homeCss.length > 0
      ? ` data-home-preload="${homeJs.join(' ')}" data-home-styles="${homeCss.join(' ')}"`
      : '';
  return rest.replace(
    BOOT_TAG,
    `<script src="${BOOT_SCRIPT}" defer data-entry="${entry}" data-preload="${preloads.join(' ')}"${homeTags}></script>`,
  );
}

/** The home route's own files: its lazy page chunk, what that imports, and their stylesheets. */
export type THomeRouteFiles = { js: string[]; css: string[] };

const NO_FILES: THomeRouteFiles = { js: [], css: [] };

type TChunkWithCss = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/**
 * The files the router loads for '/' (the home page's chunk with its static
 * imports and their CSS), as URLs. On '/' the boot script asks for them with
 * the entry (ADR 0063): without that, they were asked for only once the entry
 * had run and the router had matched the address, a round trip more before
 * the first cards.
 */
export function homeRouteFiles(bundle: Rollup.OutputBundle | undefined): THomeRouteFiles {
  if (!bundle) return NO_FILES;
  const chunks = Object.values(bundle).filter(
    (item): item is TChunkWithCss => item.type === 'chunk',
  );
  const page = chunks.find(
    (chunk) => chunk.facadeModuleId && HOME_ROUTE_MODULE.test(chunk.facadeModuleId),
  );
  if (!page) return NO_FILES;
  const closure = staticClosure([page.fileName], chunks);
  return {
    js: closure.map((chunk) => `/${chunk.fileName}`),
    css: [...new Set(closure.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))].map(
      (file) => `/${file}`,
    ),
  };
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
      handler: (html, context) =>
        startAfterPaint(
          inlineStylesheets(html, bundleCss(context)),
          homeRouteFiles(context.bundle),
        ),
    },
  };
}
