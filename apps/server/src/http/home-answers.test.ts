import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  HOME_ANSWER_REQUESTS,
  HOME_ANSWERS_ELEMENT_ID,
  homeAnswerKey,
  homeAnswerUrl,
  type THomeAnswers,
} from '@layerline/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBanner, createCategory, createCollection, createWork } from '../test/factories';
import { dropWritten, workTags } from '../test/kept-answers';
import { createTestApp, type TTestApp } from '../test/test-app';
import { compress } from './compression';
import { HOME_ANSWERS_PLACEHOLDER, homeAnswers, scriptJson, withHomeAnswers } from './home-answers';
import { HOME_HERO_PLACEHOLDER } from './web-app';

// The shape of the built index.html: the boot shell, then the answers' place.
const INDEX = `<!doctype html><html><head><title>__PRODUCT_TITLE__ - Home</title></head>
<body><div id="root">${HOME_HERO_PLACEHOLDER}</div>${HOME_ANSWERS_PLACEHOLDER}</body></html>`;

/** A work title that would end the script element and open another, were it written as is. */
const HOSTILE_TITLE = 'Gear </script><script>alert(1)</script><!-- box';

let dist: string;
let t: TTestApp;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'layerline-answers-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  await createBanner(t.db, { type: 1, sort: 0, img: '/files/ab/first.webp' });
  await createBanner(t.db, { type: 2, sort: 0, img: '/files/ab/grid.webp' });
  await createCategory(t.db);
  const work = await createWork(t.db, { title: HOSTILE_TITLE });
  await createCollection(t.db, { workIds: [work.id] });
});

afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

/** The answers' element of a page, as the web reads it. */
function answersIn(html: string): { text: string; value: THomeAnswers } {
  const match = new RegExp(
    `<script type="application/json" id="${HOME_ANSWERS_ELEMENT_ID}">([^]*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error('no answers in the page');
  return { text: match[1], value: JSON.parse(match[1]) as THomeAnswers };
}

describe("the home page carries its first answers (SPEC 2 Home, SPEC 7's own routes)", () => {
  for (const [acceptLanguage, locale] of [
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9', 'zh'],
  ] as const) {
    it(`holds exactly what each request would answer, in the page's language (${locale})`, async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-language': acceptLanguage },
      });
      expect(page.statusCode).toBe(200);
      expect(String(page.headers.vary)).toMatch(/accept-language/i);
      const { value } = answersIn(page.body);
      expect(value.locale).toBe(locale);
      expect(Object.keys(value.answers).sort()).toEqual(
        HOME_ANSWER_REQUESTS.map((request) => homeAnswerKey(homeAnswerUrl(request))).sort(),
      );
      for (const request of HOME_ANSWER_REQUESTS) {
        const url = homeAnswerUrl(request);
        const direct = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'content-language': locale },
        });
        expect(value.answers[homeAnswerKey(url)], url).toEqual(direct.json());
      }
    });
  }

  it("writes no '<' inside the element, so no title can end it", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const { text, value } = answersIn(page.body);
    expect(text).not.toContain('<');
    expect(page.body.match(/<script/g)).toHaveLength(1);
    const feed = value.answers[homeAnswerKey(homeAnswerUrl(HOME_ANSWER_REQUESTS[4]))] as {
      data: Array<{ title: string }>;
    };
    expect(feed.data.map((card) => card.title)).toContain(HOSTILE_TITLE);
    expect(scriptJson('{"a":"</script>"}')).toBe('{"a":"\\u003c/script>"}');
  });

  it('changes its ETag when what it shows changes', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/' });
    // Written past the API: its drop goes with it, as a publish's would (ADR 0044).
    await dropWritten(t, workTags(await createWork(t.db, { title: 'A newer work' })));
    const after = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(answersIn(after.body).text).toContain('A newer work');
  });

  it("is sent at the encoders' best once that copy is made, and unchanged", async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const ask = () =>
        t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': encoding } });
      const first = await ask();
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
      const page = decode(first.rawPayload);
      const best = await compress(page, encoding, 'best');
      await vi.waitFor(async () => {
        const again = await ask();
        expect(again.headers['content-encoding']).toBe(encoding);
        expect(again.rawPayload.equals(best)).toBe(true);
      });
      expect(decode(best).equals(page)).toBe(true);
    }
  });

  it('is left out of other pages', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/community' });
    expect(page.body).not.toContain(`id="${HOME_ANSWERS_ELEMENT_ID}"`);
    expect(withHomeAnswers(INDEX, undefined)).toBe(INDEX);
  });

  it("is left out of a search's address (/?q=), whose feed is the search, not the home's list", async () => {
    for (const url of [
      '/?q=gear',
      '/?q=%E8%8A%B1%E7%93%B6',
      '/index.html?q=gear',
      '/?q=gear&q=box',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(`id="${HOME_ANSWERS_ELEMENT_ID}"`);
      // No carousel image either: a search hides the carousel (SPEC 4 Search).
      expect(page.body).toContain(HOME_HERO_PLACEHOLDER);
    }
    // Blank text is no search (SPEC 4): the home as usual.
    const blank = await t.app.inject({ method: 'GET', url: '/?q=%20' });
    expect(blank.body).toContain(`id="${HOME_ANSWERS_ELEMENT_ID}"`);
  });
});

describe('homeAnswers', () => {
  it('leaves out an answer that is not a success, and gives nothing when none is left', async () => {
    const app = Fastify();
    const [failing, ...working] = HOME_ANSWER_REQUESTS;
    app.get(failing.path, async (request, reply) => {
      const query = request.query as Record<string, string>;
      if (query.type === String(failing.query.type)) {
        return reply.code(500).send({ code: 500, msg: 'Server error', data: null });
      }
      return { code: 200, msg: 'Success', data: [{ id: 2 }] };
    });
    for (const request of working.slice(1)) {
      app.get(request.path, async () => ({ code: 200, msg: 'Success', data: [] }));
    }
    const json = await homeAnswers(app, 'en');
    const value = JSON.parse(json ?? '') as THomeAnswers;
    expect(Object.keys(value.answers).sort()).toEqual(
      working.map((request) => homeAnswerKey(homeAnswerUrl(request))).sort(),
    );
    await app.close();

    const down = Fastify();
    expect(await homeAnswers(down, 'en')).toBeUndefined();
    await down.close();
  });
});
