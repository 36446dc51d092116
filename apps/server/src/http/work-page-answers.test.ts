import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiPath,
  HOME_ANSWER_REQUESTS,
  HOME_ANSWERS_ELEMENT_ID,
  homeAnswerKey,
  homeAnswerUrl,
  type THomeAnswers,
} from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createWork } from '../test/factories';
import { createTestApp, type TTestApp } from '../test/test-app';
import { HOME_ANSWERS_PLACEHOLDER } from './home-answers';
import { collectionPageUrls, HOME_HERO_PLACEHOLDER, profilePageUrls } from './web-app';

// The shape of the built index.html: the boot shell, then the answers' place.
const INDEX = `<!doctype html><html><head><title>__PRODUCT_TITLE__ - Home</title></head>
<body><div id="root">${HOME_HERO_PLACEHOLDER}</div>${HOME_ANSWERS_PLACEHOLDER}</body></html>`;

let dist: string;
let t: TTestApp;
let work: { id: number; userId: number };
let hidden: { id: number };
let collection: { id: number };

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'layerline-work-page-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  work = await createWork(t.db, {
    title: 'Lamp </script><script>alert(1)</script>',
    cover: ['/files/ab/cover.webp', '/files/cd/second.webp'],
  });
  hidden = await createWork(t.db, { title: 'Secret draft', status: 'in_review' });
  collection = await createCollection(t.db, { workIds: [work.id] });
});

afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

function answersIn(html: string): THomeAnswers {
  const match = new RegExp(
    `<script type="application/json" id="${HOME_ANSWERS_ELEMENT_ID}">([^]*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error('no answers in the page');
  return JSON.parse(match[1]) as THomeAnswers;
}

describe('GET /work/{id} carries the detail and the feed behind it (SPEC 2 product detail, ADR 0058)', () => {
  for (const [acceptLanguage, locale] of [
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9', 'zh'],
  ] as const) {
    it(`in ${locale}: the work's detail as a visitor's GET answers it, and the home's answers`, async () => {
      const url = apiPath('works.detail', { id: String(work.id) });
      const [res, direct] = await Promise.all([
        t.app.inject({
          method: 'GET',
          url: `/work/${work.id}`,
          headers: { 'accept-language': acceptLanguage },
        }),
        t.app.inject({ method: 'GET', url, headers: { 'content-language': locale } }),
      ]);
      expect(res.statusCode).toBe(200);
      expect(String(res.headers.vary)).toMatch(/accept-language/i);
      // No title ends the element early.
      expect(res.body).not.toContain('</script><script>alert(1)');
      const found = answersIn(res.body);
      expect(found.locale).toBe(locale);
      expect(found.answers[homeAnswerKey(url)]).toEqual(direct.json());
      for (const request of HOME_ANSWER_REQUESTS) {
        expect(Object.keys(found.answers)).toContain(homeAnswerKey(homeAnswerUrl(request)));
      }
    });
  }

  it("paints the work's cover in the boot shell, fetched first", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/work/${work.id}` });
    expect(res.body).toContain(
      '<div class="boot-shell__hero boot-shell__hero--work"><img src="/files/ab/cover.webp" alt="" fetchpriority="high" /></div>',
    );
  });

  it('sends a work that is not published as the plain page: no detail, no cover', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/work/${hidden.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('boot-shell__hero');
    expect(res.body).not.toContain(apiPath('works.detail', { id: String(hidden.id) }));
    expect(res.body).not.toContain('Secret draft');
  });
});

describe('GET /collections/{id} carries its first answers (SPEC 2 collection page, ADR 0058)', () => {
  it("has the collection's info and first page of works as a visitor's GETs answer them", async () => {
    const urls = collectionPageUrls(String(collection.id));
    const [res, ...direct] = await Promise.all([
      t.app.inject({ method: 'GET', url: `/collections/${collection.id}` }),
      ...urls.map((url) => t.app.inject({ method: 'GET', url })),
    ]);
    expect(res.statusCode).toBe(200);
    const found = answersIn(res.body);
    expect(Object.keys(found.answers).sort()).toEqual(urls.map(homeAnswerKey).sort());
    urls.forEach((url, index) => {
      expect(found.answers[homeAnswerKey(url)]).toEqual(direct[index]?.json());
    });
    // Nothing of the home's feed: the page does not show it.
    expect(res.body).not.toContain(apiPath('feed.home'));
  });

  it('leaves out what fails: an unknown collection gets the plain page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/collections/999999' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(`id="${HOME_ANSWERS_ELEMENT_ID}"`);
  });
});

describe("GET /userInfor/{id} carries a maker's first answers (SPEC 2 personal page, ADR 0058)", () => {
  it("has the profile and the works tab's first page as a visitor's GETs answer them", async () => {
    const urls = profilePageUrls(String(work.userId));
    const [res, ...direct] = await Promise.all([
      t.app.inject({ method: 'GET', url: `/userInfor/${work.userId}` }),
      ...urls.map((url) => t.app.inject({ method: 'GET', url })),
    ]);
    expect(res.statusCode).toBe(200);
    const found = answersIn(res.body);
    expect(Object.keys(found.answers).sort()).toEqual(urls.map(homeAnswerKey).sort());
    urls.forEach((url, index) => {
      expect(found.answers[homeAnswerKey(url)]).toEqual(direct[index]?.json());
    });
  });
});
