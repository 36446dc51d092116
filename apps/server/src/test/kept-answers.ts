import { eq } from 'drizzle-orm';
import type { TDatabase } from '../db/client';
import { workLikes } from '../db/schema';
import { type TTag, tag } from '../http/freshness-tags';
import type { TTestApp } from './test-app';

/**
 * Rows a test wrote straight to the database (fixtures, SQL updates) pass no
 * write endpoint, so nothing dropped what shows them: the test drops their
 * tags, here and on every instance, as the endpoint's write would (ADR 0044).
 * Never a wait for the lifetime, never the caches off.
 */
export async function dropWritten(t: Pick<TTestApp, 'app'>, tags: readonly TTag[]): Promise<void> {
  await t.app.keptAnswers.drop(tags);
}

/**
 * What a work's row shows (as works.update drops): the lists and searches,
 * the work, and its maker's latest works and counts.
 */
export function workTags(...rows: readonly { id: number; userId: number }[]): TTag[] {
  return [tag.works, ...rows.flatMap((row) => [tag.work(row.id), tag.user(row.userId)])];
}

/**
 * The route's own answer, from nothing kept: everything `t` keeps is dropped
 * first, on that instance only (ADR 0044). Tests compare kept answers with it.
 */
export async function routeAnswer(
  t: TTestApp,
  url: string,
  headers: Record<string, string> = {},
): Promise<string> {
  t.app.keptAnswers.dropHere('all');
  return (await t.app.inject({ method: 'GET', url, headers })).body;
}

/** The works a user likes. */
export async function likedBy(db: TDatabase, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: workLikes.workId })
    .from(workLikes)
    .where(eq(workLikes.userId, userId));
  return new Set(rows.map((row) => row.id));
}

/**
 * What a signed-in reader's list must be (SPEC 3 is_like): the visitor's
 * answer with the reader's own flags, serialised from its parsed value.
 */
export function withOwnLikes(visitorBody: string, liked: Set<number>): string {
  const value = JSON.parse(visitorBody) as { data: { id: number; is_like: boolean }[] };
  value.data = value.data.map((card) => ({ ...card, is_like: liked.has(card.id) }));
  return JSON.stringify(value);
}
