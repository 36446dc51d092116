import { eq } from 'drizzle-orm';
import type { TDatabase } from '../db/client';
import { workLikes } from '../db/schema';
import type { TTestApp } from './test-app';

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
