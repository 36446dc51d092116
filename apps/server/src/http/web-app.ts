import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { apiPath, Code, LIMITS, type TLocale } from '@layerline/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { makeRoom } from '../lib/bounded';
import { addVary, compress, negotiateEncoding, type TEncoding } from './compression';
import { sendFailure, type TFallbackHandler } from './error-handler';
import { HOME_ANSWERS_PLACEHOLDER, withHomeAnswers } from './home-answers';
import { escapeHtml } from './html';
import { localeOf } from './locale';
import { shortDescription, withShareTags } from './share-meta';

/** The web build writes this where the product title goes (SPEC 2: configurable title). */
export const TITLE_PLACEHOLDER = '__PRODUCT_TITLE__';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export { escapeHtml };

/**
 * Where index.html takes the home's first carousel image: painted with the
 * HTML on a phone, before the app's scripts run (the largest paint of the home),
 * and fetched early on every width. React replaces it.
 */
export const HOME_HERO_PLACEHOLDER = '<!--home-hero-->';

/** How long the first carousel image is kept before it is asked for again. */
const HOME_HERO_TTL_MS = 10_000;

/** A published work as a shared link shows it (GET /work/{id}). */
export type TShareInfo = { id: number; title: string; summary: string; cover: string[] };

export type TWebAppOptions = {
  distDir: string;
  productTitle: string;
  /** Absolute share tags (og:url, og:image) start with it. */
  publicUrl: string;
  /** The work behind /work/{id} when it is published; undefined otherwise. */
  shareInfo?: (id: number) => Promise<TShareInfo | undefined>;
  /** The image of the first active carousel slide (SPEC 4), if any. */
  homeHero?: () => Promise<string | undefined>;
  /**
   * The JSON of the home's first answers for a visitor in `locale`, with the
   * `extra` GETs' answers (a work's detail), http/home-answers.ts.
   */
  homeAnswers?: (locale: TLocale, extra?: readonly string[]) => Promise<string | undefined>;
  /** The JSON of a visitor's answers to `urls` in `locale` (http/home-answers.ts, pageAnswers). */
  pageAnswers?: (locale: TLocale, urls: readonly string[]) => Promise<string | undefined>;
};

/** A page's id parameter as the API takes it (a positive 32-bit integer). */
function isIdParam(raw: string): boolean {
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647;
}

/**
 * The GETs a maker's profile makes as it starts for a visitor (SPEC 2
 * personal page: the profile, the works tab's first page), so they come
 * with its HTML (ADR 0058).
 */
export function profilePageUrls(id: string): string[] {
  const page = new URLSearchParams({
    author: id,
    page: '1',
    pageSize: String(LIMITS.feedPageSize),
  });
  return [
    apiPath('users.profile', { id }),
    `${apiPath('works.authorWorks', { id })}?${page.toString()}`,
  ];
}

/**
 * The GETs a collection's page makes as it starts (SPEC 2 collection page:
 * its title and description, its first page of works), so they come with
 * its HTML (ADR 0058).
 */
export function collectionPageUrls(id: string): string[] {
  const page = new URLSearchParams({ page: '1', pageSize: String(LIMITS.feedPageSize) });
  return [
    apiPath('collections.info', { id }),
    `${apiPath('collections.works', { id })}?${page.toString()}`,
  ];
}

/**
 * A page's bytes, and their smallest brotli and gzip copies once made: a
 * page is sent many times, so it is compressed at the encoders' best once,
 * in the background, instead of at the fast level on every request.
 */
type TPage = {
  body: Buffer;
  etag: string;
  best: Partial<Record<TEncoding, Buffer>>;
  pending: Set<TEncoding>;
};

function pageOf(html: string): TPage {
  const body = Buffer.from(html, 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag, best: {}, pending: new Set() };
}

/** Home pages kept by ETag, so one built again with the same bytes keeps its compressed copies. */
const KEPT_HOME_PAGES = 8;

/** Only a stored file's path or an http(s) address goes into the page. */
function isImageUrl(url: string): boolean {
  return /^(\/(?!\/)|https?:\/\/)/i.test(url) && url.length <= 2048;
}

/**
 * index.html with the first carousel slide's image in the boot shell (see
 * HOME_HERO_PLACEHOLDER); `kind` 'work' is a work's cover, drawn where and as
 * large as its detail sheet's gallery draws it on a phone (ADR 0058).
 */
export function withHomeHero(
  html: string,
  img: string | undefined,
  kind: 'home' | 'work' = 'home',
): string {
  if (!img || !isImageUrl(img)) return html;
  const src = escapeHtml(img);
  const className =
    kind === 'work' ? 'boot-shell__hero boot-shell__hero--work' : 'boot-shell__hero';
  return html.replace(
    HOME_HERO_PLACEHOLDER,
    `<div class="${className}"><img src="${src}" alt="" fetchpriority="high" /></div>`,
  );
}

/** The home's address of a search, `/?q=<text>` (the web's features/search/search-url.ts); blank is none. */
function isSearchAddress(request: FastifyRequest): boolean {
  const q = (request.query as Record<string, unknown> | undefined)?.q;
  const first = Array.isArray(q) ? q[0] : q;
  return typeof first === 'string' && first.trim() !== '';
}

function pathnameOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

/**
 * A real 404, kept by no cache: a chunk an older page asks for after a deploy
 * (ADR 0054) may be back under the same address, and the browser must learn
 * it is missing now, not from a kept copy.
 */
function notFound(request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  return sendFailure(request, reply, {
    code: Code.NOT_FOUND,
    key: 'routeNotFound',
    params: { method: request.method, url: pathnameOf(request).slice(0, 200) },
  });
}

/** Only GET and HEAD of an app route get the page; a missing hashed asset or file is a real 404. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = pathnameOf(request);
  return !pathname.startsWith('/assets/') && !pathname.startsWith('/files/');
}

/** An absolute URL for a stored file or page path. */
function absolute(publicUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * index.html with a published work's share tags (SPEC 2: title, description,
 * social-share tags, canonical link) and its cover in the boot shell;
 * undefined for unknown or unpublished ids, which get the plain page.
 */
async function sharePage(
  html: string,
  options: TWebAppOptions,
  rawId: string,
): Promise<{ html: string; id: number } | undefined> {
  if (!options.shareInfo || !/^[1-9]\d{0,9}$/.test(rawId) || Number(rawId) > 2_147_483_647) {
    return undefined;
  }
  const work = await options.shareInfo(Number(rawId));
  if (!work) return undefined;
  const cover = work.cover[0];
  const tagged = withShareTags(html, {
    title: `${work.title} - ${options.productTitle}`,
    description: shortDescription(work.summary) || work.title,
    url: `${options.publicUrl}/work/${work.id}`,
    image: cover ? absolute(options.publicUrl, cover) : undefined,
    siteName: options.productTitle,
  });
  return { html: withHomeHero(tagged, cover, 'work'), id: work.id };
}

/**
 * Serves the built web app from `distDir` (DESIGN 1) and returns the fallback
 * for the not-found handler: any other page path answers index.html, so the
 * SPA's router takes over (SPEC 2 routes). Hashed files under /assets/ are
 * cached for a year and sent as their brotli or gzip copy when the browser
 * takes it; index.html is revalidated on every load so a deploy shows at once.
 * The title placeholder is replaced once, here, not per request.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: TWebAppOptions,
): Promise<TFallbackHandler> {
  const { distDir, productTitle } = options;
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir }, 'web app not built; only the API is served');
    const note =
      `${productTitle}: the web app is not built (no ${indexPath}). ` +
      'Run `npm run build` at the repository root. The API answers under /api/v1, ' +
      'documented at /api/docs.\n';
    return (request, reply) => {
      if (!wantsPage(request)) return notFound(request, reply);
      return reply.code(404).type('text/plain; charset=utf-8').send(note);
    };
  }

  const html = (await readFile(indexPath, 'utf8')).replaceAll(
    TITLE_PLACEHOLDER,
    escapeHtml(productTitle),
  );
  const plain = pageOf(html);

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: TPage) => {
    reply
      .header('cache-control', 'no-cache')
      .header('etag', page.etag)
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    reply.code(200).type('text/html; charset=utf-8');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.body);
    addVary(reply, 'Accept-Encoding');
    const best = page.best[encoding];
    if (best) return reply.header('content-encoding', encoding).send(best);
    // Until its best copy is made, the compression hook sends the page at the fast level.
    if (!page.pending.has(encoding)) {
      page.pending.add(encoding);
      compress(page.body, encoding, 'best').then(
        (bytes) => {
          page.best[encoding] = bytes;
        },
        (error: unknown) => request.log.warn({ err: error }, 'page compression failed'),
      );
    }
    return reply.send(page.body);
  };
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(request, reply, plain);

  // The first carousel image, kept a few seconds: it changes only when a
  // moderator edits the carousel.
  let hero: { img: string | undefined; until: number } | undefined;
  const heroImage = async (request: FastifyRequest): Promise<string | undefined> => {
    const now = Date.now();
    if (!options.homeHero) return undefined;
    if (hero && hero.until > now) return hero.img;
    const img = await options.homeHero().catch((error: unknown) => {
      request.log.error({ err: error }, 'carousel image for the home page failed');
      return undefined;
    });
    hero = { img, until: now + HOME_HERO_TTL_MS };
    return img;
  };
  // The home's first answers, as fresh as the routes' own caches: each page
  // carries what its requests would get now, in the language it asks for.
  const hasAnswersPlace = html.includes(HOME_ANSWERS_PLACEHOLDER);
  const answersFor = (
    request: FastifyRequest,
    extra: readonly string[] = [],
  ): Promise<string | undefined> =>
    options.homeAnswers && hasAnswersPlace
      ? options.homeAnswers(localeOf(request), extra).catch((error: unknown) => {
          request.log.error({ err: error }, "the home's first answers failed; sent without them");
          return undefined;
        })
      : Promise.resolve(undefined);
  const homePages = new Map<string, TPage>();
  const homePage = async (request: FastifyRequest): Promise<TPage> => {
    const [img, answers] = await Promise.all([heroImage(request), answersFor(request)]);
    if (!img && !answers) return plain;
    const page = pageOf(withHomeAnswers(withHomeHero(html, img), answers));
    const kept = homePages.get(page.etag);
    if (kept) return kept;
    makeRoom(homePages, KEPT_HOME_PAGES);
    homePages.set(page.etag, page);
    return page;
  };
  const sendHome = async (request: FastifyRequest, reply: FastifyReply) => {
    // A search's address (/?q=lamp) shows what the search finds, without the
    // carousel: the unsearched feed and the carousel image are no first
    // answer of it, and the page asks for the search itself.
    if (isSearchAddress(request)) return sendIndex(request, reply);
    const page = await homePage(request);
    // Its answers are in the language the request asks for.
    if (hasAnswersPlace && options.homeAnswers) addVary(reply, 'Accept-Language');
    return sendPage(request, reply, page);
  };

  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: distDir,
      // The built files are fixed for the life of the process: one route per
      // file (no wildcard) keeps /api paths out of the static handler, so the
      // 404/405 logic of /api sees them.
      wildcard: false,
      index: false,
      // The build writes brotli and gzip copies beside each text file
      // (apps/web/build/compress.ts): they are sent for the original's URL by
      // Accept-Encoding, with Vary: Accept-Encoding, never under their own names.
      preCompressed: true,
      globIgnore: ['index.html', 'index.html.*', '**/*.br', '**/*.gz'],
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        res.setHeader('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
        res.setHeader('x-content-type-options', 'nosniff');
        // preCompressed chose the copy by Accept-Encoding (this @fastify/static
        // version does not say so itself), so caches must key on it.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    scope.get('/', { schema: { hide: true } }, sendHome);
    scope.get('/index.html', { schema: { hide: true } }, sendHome);
    // A collection's and a maker's page bring their first answers (ADR 0058).
    const sendWithAnswers =
      (urlsOf: (id: string) => string[]) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { id } = request.params as { id: string };
        if (!options.pageAnswers || !hasAnswersPlace || !isIdParam(id)) {
          return sendIndex(request, reply);
        }
        const answers = await options
          .pageAnswers(localeOf(request), urlsOf(id))
          .catch((error: unknown) => {
            request.log.error({ err: error }, "a page's first answers failed; sent without them");
            return undefined;
          });
        if (!answers) return sendIndex(request, reply);
        addVary(reply, 'Accept-Language');
        return reply
          .header('cache-control', 'no-cache')
          .header('x-content-type-options', 'nosniff')
          .code(200)
          .type('text/html; charset=utf-8')
          .send(withHomeAnswers(html, answers));
      };
    scope.get('/collections/:id', { schema: { hide: true } }, sendWithAnswers(collectionPageUrls));
    scope.get('/userInfor/:id', { schema: { hide: true } }, sendWithAnswers(profilePageUrls));
    scope.get('/work/:id', { schema: { hide: true } }, async (request, reply) => {
      const page = await sharePage(html, options, (request.params as { id: string }).id).catch(
        (error: unknown) => {
          request.log.error({ err: error }, 'share tags failed; sending the plain page');
          return undefined;
        },
      );
      if (page === undefined) return sendIndex(request, reply);
      // The feed behind the detail and the detail itself come with the page,
      // as the home's answers do (ADR 0030, 0058): a visitor's detail renders
      // without a request.
      const answers = await answersFor(request, [apiPath('works.detail', { id: String(page.id) })]);
      if (hasAnswersPlace && options.homeAnswers) addVary(reply, 'Accept-Language');
      return reply
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .code(200)
        .type('text/html; charset=utf-8')
        .send(withHomeAnswers(page.html, answers));
    });
  });

  return (request, reply) =>
    wantsPage(request) ? sendIndex(request, reply) : notFound(request, reply);
}
