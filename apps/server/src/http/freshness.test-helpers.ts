import { randomInt } from 'node:crypto';
import { Code, type TApiRouteName } from '@layerline/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TSignedIn } from '../test/auth-helpers';
import { binaryStl } from '../test/design-files';
import type { TTestApp } from '../test/test-app';
import { multipartBody, type TMultipartFile } from '../test/uploads';
import { workFixture } from '../test/works-fixture';
import { type TWriteRouteName, tag } from './freshness-tags';

/**
 * What the freshness test (freshness.routes.test.ts, ADR 0044) shares with
 * its fixtures (freshness-accounts and freshness-content .test-helpers.ts):
 * the context a write is performed in, the run's own ids, and the set-up
 * several writes need.
 */

export type TPerformed = LightMyRequestResponse;
export type TUser = TSignedIn & { id: number };
export type TCtx = {
  a: TTestApp;
  maker: TUser;
  reader: TUser;
  moderator: TUser;
  admin: TUser;
  /** A user with a real password and e-mail, for the auth writes; `password` is its current one. */
  keyholder: { id: number; email: string; password: string };
  works: number[];
  categoryId: number;
  /** The reader's AI job (ai.create) and the reader's report (moderation.report). */
  aiJob?: number;
  report?: number;
  call: (
    name: TApiRouteName,
    who: TSignedIn | null,
    options?: {
      params?: Record<string, string | number>;
      payload?: unknown;
      headers?: Record<string, string>;
      url?: string;
    },
  ) => Promise<TPerformed>;
};
/** How to perform one write on A, with the set-up its success needs: it must answer 200, code 200. */
export type TFixture = { perform: (c: TCtx) => Promise<TPerformed> };
/** Fixtures of some writes; the test joins them into one per write endpoint. */
export type TFixtures = { readonly [N in TWriteRouteName]?: TFixture };

/**
 * Redis keeps rate-limit counters between runs (per user, address and
 * e-mail): every run has users, an address and e-mails of its own.
 */
export const freshId = () => 1_000_000 + randomInt(1e9);
export const freshEmail = (who: string) => `${who}${randomInt(1e9)}@example.test`;
export const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

export const profile = {
  nickname: 'Maker renamed',
  gender: 'confidential',
  birthday: '1990-01-01',
};
/** A design file of its own bytes (storage is content-addressed). */
export const stl = (field = 'file'): TMultipartFile => ({
  field,
  data: binaryStl(1, `cached part ${randomInt(1e9)}`),
  name: 'part.stl',
  type: 'model/stl',
});

/** A success: status 200 and envelope code 200 (DESIGN 3). */
export function expectOk(answer: TPerformed, label = '') {
  expect(answer.statusCode, `${label}${answer.body}`).toBe(200);
  expect((answer.json() as { code: unknown }).code, `${label}${answer.body}`).toBe(Code.OK);
}

/** A multipart form from the reader, as a browser's FormData sends it. */
export async function sendForm(
  c: TCtx,
  name: TApiRouteName,
  fields: Record<string, string>,
  parts: TMultipartFile[],
) {
  const form = await multipartBody(fields, parts);
  return c.call(name, c.reader, { payload: form.payload, headers: form.headers });
}

/** A work's files and categories, written straight to the database: their drop goes with them. */
export async function fixtureFiles(c: TCtx) {
  const fixture = await workFixture(c.a, c.maker.id);
  await c.a.app.keptAnswers.drop([tag.catalogue]);
  return fixture;
}

/** A comment by the reader through the API (itself a write that drops what it changes). */
export async function comment(c: TCtx, workId: number): Promise<number> {
  const answer = await c.call('comments.put', c.reader, {
    payload: { work_id: workId, content: 'To be deleted' },
  });
  return (answer.json() as { data: { ID?: number; id?: number } }).data.ID ?? 0;
}

let kept: { post?: number } = {};
/** The reader's post of this run, created by the first write that needs one. */
export async function post(c: TCtx): Promise<number> {
  if (kept.post === undefined) {
    const created = await c.call('community.create', c.reader, { payload: { content: 'Post' } });
    kept = { post: (created.json() as { data: { id: number } }).data.id };
  }
  return kept.post as number;
}
