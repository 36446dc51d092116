import { and, count, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { comments, userFollows, users, workFavors, workLikes, works } from '../../db/schema';
import { createRandom } from '../generators/prng.util';
import { SEED_LOCK_KEY } from '../seed.lock';
import { DEMO_FOLLOWS, DEMO_WORK_COMMENTS } from './social.data';
import { DEMO_USERS, demoEmail } from './users.data';
import { DEMO_WORKS } from './works.data';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type TDemoWorkRow = { id: number; userId: number; key: string; publishedAt: Date };
type TPair = { userId: number; workId: number; createdAt: Date };

/**
 * Who likes and who collects a work: its commenters and a seeded draw of the
 * other makers (a few works are popular), never its author. Favourites are a
 * part of the likers, as on a real site.
 */
export function demoMarks(workKey: string, author: string): { likes: string[]; favors: string[] } {
  const rng = createRandom(`social:${workKey}`);
  const others = DEMO_USERS.map((u) => u.handle).filter((h) => h !== author);
  // Seeded shuffle, so each work draws its own makers.
  for (let i = others.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [others[i], others[j]] = [others[j] as string, others[i] as string];
  }
  const likes = new Set(
    (DEMO_WORK_COMMENTS[workKey] ?? []).map((c) => c.author).filter((h) => h !== author),
  );
  const wanted = rng.chance(0.15) ? rng.int(5, 8) : rng.int(1, 4);
  for (const handle of others) {
    if (likes.size >= wanted) break;
    likes.add(handle);
  }
  const favors = [...likes].filter(() => rng.chance(0.45));
  return { likes: [...likes], favors };
}

/** Not in the future: a seeded moment `hours` after `from`, before `now`. */
const after = (from: Date, hours: number, now: number) =>
  new Date(Math.min(from.getTime() + hours * HOUR_MS, now - 60_000));

async function demoPeople(db: TDatabase): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_USERS.map((u) => demoEmail(u.handle)),
      ),
    );
  return new Map(rows.map((r) => [r.email.toLowerCase().split('@')[0] ?? '', r.id] as const));
}

async function demoWorkRows(db: TDatabase, userOf: Map<string, number>): Promise<TDemoWorkRow[]> {
  const rows = await db
    .select({
      id: works.id,
      userId: works.userId,
      title: works.title,
      publishedAt: works.publishedAt,
      createdAt: works.createdAt,
    })
    .from(works)
    .where(
      and(
        inArray(works.userId, [...userOf.values()]),
        inArray(
          works.title,
          DEMO_WORKS.map((w) => w.title),
        ),
        isNull(works.deletedAt),
      ),
    );
  return DEMO_WORKS.flatMap((work) => {
    const row = rows.find((r) => r.title === work.title && r.userId === userOf.get(work.author));
    return row
      ? [
          {
            id: row.id,
            userId: row.userId,
            key: work.key,
            publishedAt: row.publishedAt ?? row.createdAt,
          },
        ]
      : [];
  });
}

const plannedComments = () => Object.values(DEMO_WORK_COMMENTS).reduce((n, l) => n + l.length, 0);
const plannedFollows = () => Object.values(DEMO_FOLLOWS).reduce((n, l) => n + l.length, 0);

/** Whether an earlier run wrote the demo comments and follows (one cheap check per start). */
async function isSeeded(db: TDatabase, ids: number[]): Promise<boolean> {
  const [said] = await db
    .select({ n: count() })
    .from(comments)
    .where(and(inArray(comments.userId, ids), isNotNull(comments.workId)));
  const [follows] = await db
    .select({ n: count() })
    .from(userFollows)
    .where(and(inArray(userFollows.followerId, ids), inArray(userFollows.followeeId, ids)));
  return (said?.n ?? 0) >= plannedComments() && (follows?.n ?? 0) >= plannedFollows();
}

/**
 * Demo comments with replies, likes, favourites and follows between the demo
 * makers (social.data), so a new site's works have conversations (SPEC 6:
 * a visitor sees 2 comments and the login mask on works with more) and its
 * makers have followers. Rows are keyed (likes, favourites and follows by
 * their pair, comments by work, author and text), so what exists is left
 * alone; after adding, the counters of the demo works (like, favor, comment)
 * and makers (follows, fans) are counted again from the rows (DESIGN 6), so
 * they always equal them. Returns the rows added.
 */
export async function seedDemoSocial(db: TDatabase): Promise<number> {
  const userOf = await demoPeople(db);
  if (userOf.size === 0) return 0;
  const ids = [...userOf.values()];
  if (await isSeeded(db, ids)) return 0;
  const workRows = await demoWorkRows(db, userOf);
  const now = Date.now();
  const authorOf = new Map(DEMO_WORKS.map((w) => [w.key, w.author]));

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await isSeeded(tx, ids)) return 0;
    let added = 0;

    const likes: TPair[] = [];
    const favors: TPair[] = [];
    for (const work of workRows) {
      const marks = demoMarks(work.key, authorOf.get(work.key) ?? '');
      const rng = createRandom(`social-at:${work.key}`);
      for (const [list, out] of [
        [marks.likes, likes],
        [marks.favors, favors],
      ] as const) {
        for (const handle of list) {
          const userId = userOf.get(handle);
          if (userId === undefined || userId === work.userId) continue;
          out.push({
            userId,
            workId: work.id,
            createdAt: after(work.publishedAt, rng.range(2, 240), now),
          });
        }
      }
    }
    if (likes.length) {
      added += (await tx.insert(workLikes).values(likes).onConflictDoNothing().returning()).length;
    }
    if (favors.length) {
      added += (await tx.insert(workFavors).values(favors).onConflictDoNothing().returning())
        .length;
    }

    const follows = Object.entries(DEMO_FOLLOWS).flatMap(([follower, followees]) => {
      const rng = createRandom(`follows:${follower}`);
      return followees.flatMap((followee) => {
        const followerId = userOf.get(follower);
        const followeeId = userOf.get(followee);
        if (followerId === undefined || followeeId === undefined || followerId === followeeId)
          return [];
        return [{ followerId, followeeId, createdAt: new Date(now - rng.range(1, 80) * DAY_MS) }];
      });
    });
    if (follows.length) {
      added += (await tx.insert(userFollows).values(follows).onConflictDoNothing().returning())
        .length;
    }

    // Comments follow their work by hours; a reply joins the thread of what it answers.
    const workIds = workRows.map((w) => w.id);
    const present = workIds.length
      ? await tx
          .select({ workId: comments.workId, userId: comments.userId, content: comments.content })
          .from(comments)
          .where(inArray(comments.workId, workIds))
      : [];
    const have = new Set(present.map((c) => `${c.workId}\n${c.userId}\n${c.content}`));
    for (const work of workRows) {
      const list = DEMO_WORK_COMMENTS[work.key] ?? [];
      const rng = createRandom(`comments:${work.key}`);
      const written: { id: number; root: number; userId: number }[] = [];
      let at = work.publishedAt;
      for (const [i, comment] of list.entries()) {
        at = after(at, rng.range(1, 30), now);
        const userId = userOf.get(comment.author);
        if (userId === undefined || have.has(`${work.id}\n${userId}\n${comment.text}`)) continue;
        const answered = comment.replyTo === undefined ? undefined : written[comment.replyTo];
        const [row] = await tx
          .insert(comments)
          .values({
            workId: work.id,
            userId,
            parentId: answered?.root ?? null,
            replyToId: answered?.id ?? null,
            replyToUserId: answered?.userId ?? null,
            content: comment.text,
            createdAt: at,
          })
          .returning({ id: comments.id });
        if (!row) continue;
        written[i] = { id: row.id, root: answered?.root ?? row.id, userId };
        added += 1;
      }
    }
    if (added === 0) return 0;

    // DESIGN 6: counters equal their rows (comment_count counts live comments and replies).
    if (workIds.length) {
      await tx
        .update(works)
        .set({
          likeCount: sql`(select count(*)::int from ${workLikes} where ${workLikes.workId} = ${works.id})`,
          favorCount: sql`(select count(*)::int from ${workFavors} where ${workFavors.workId} = ${works.id})`,
          commentCount: sql`(select count(*)::int from ${comments} where ${comments.workId} = ${works.id} and ${comments.deletedAt} is null)`,
        })
        .where(inArray(works.id, workIds));
    }
    await tx
      .update(users)
      .set({
        followCount: sql`(select count(*)::int from ${userFollows} where ${userFollows.followerId} = ${users.id})`,
        fansCount: sql`(select count(*)::int from ${userFollows} where ${userFollows.followeeId} = ${users.id})`,
      })
      .where(inArray(users.id, ids));
    return added;
  });
}
