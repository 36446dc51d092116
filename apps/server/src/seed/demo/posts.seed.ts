import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { comments, files, postLikes, posts, users, works } from '../../db/schema';
import { POST_DOCUMENT_VERSION, postDocument } from '../../modules/community';
import type { FileStorage } from '../../modules/files';
import { SEED_LOCK_KEY } from '../seed.lock';
import { DEMO_POSTS, type TDemoPost } from './posts.data';
import { DEMO_USERS, demoEmail } from './users.data';
import { DEMO_WORKS } from './works.data';

const HOUR_MS = 3_600_000;
const SHA256 = /[0-9a-f]{64}/;

type TImage = { url: string; sha256: string; size: number };

/** The first cover of the author's demo work, with what a `post` upload row records. */
async function imageOf(
  post: TDemoPost,
  coverByKey: Map<string, string>,
  storage: FileStorage,
): Promise<TImage | null> {
  const url = post.work ? coverByKey.get(`${post.author}:${post.work}`) : undefined;
  const sha256 = url ? SHA256.exec(url)?.[0] : undefined;
  if (!url || !sha256) return null;
  try {
    const key = storage.keyFromUrl(url);
    if (!key) return null;
    const bytes = await storage.read(key);
    return { url, sha256, size: bytes.length };
  } catch {
    return null;
  }
}

/** The demo posts not yet present, keyed by author and text (one query). */
async function missingPosts(db: TDatabase, userOf: Map<string, number>): Promise<TDemoPost[]> {
  const present = await db
    .select({ userId: posts.userId, content: posts.content })
    .from(posts)
    .where(
      and(
        inArray(posts.userId, [...userOf.values()]),
        inArray(
          posts.content,
          DEMO_POSTS.map((p) => p.content),
        ),
      ),
    );
  const have = new Set(present.map((row) => `${row.userId}\n${row.content}`));
  return DEMO_POSTS.filter((post) => {
    const userId = userOf.get(post.author);
    return userId !== undefined && !have.has(`${userId}\n${post.content}`);
  });
}

/**
 * Demo community posts (posts.data.ts) with their likes and comments, so a
 * new site's /community shows makers talking. Keyed by author and text:
 * posts already present are left alone. A post with a work shows that
 * work's first cover, recorded as the author's `post` upload as the upload
 * endpoint would (ADR 0013), so the author can edit the post later.
 */
export async function seedDemoPosts(db: TDatabase, storage: FileStorage): Promise<number> {
  const emails = DEMO_USERS.map((u) => demoEmail(u.handle));
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const userOf = new Map(
    people.map((p) => [p.email.toLowerCase().split('@')[0] ?? '', p.id] as const),
  );
  if (userOf.size === 0) return 0;
  // A seeded site (every later start) stops here: no works lookup, no image reads.
  const pending = await missingPosts(db, userOf);
  if (pending.length === 0) return 0;

  const titleOf = new Map(DEMO_WORKS.map((w) => [w.key, w.title]));
  const wanted = pending.flatMap((p) => (p.work ? [titleOf.get(p.work) ?? ''] : []));
  const workRows = wanted.length
    ? await db
        .select({ id: works.id, title: works.title, userId: works.userId, cover: works.cover })
        .from(works)
        .where(and(inArray(works.title, wanted), eq(works.status, 'published')))
    : [];
  const workByKey = new Map<string, { id: number; cover: string }>();
  for (const post of pending) {
    const userId = userOf.get(post.author);
    const row = workRows.find(
      (w) => w.title === titleOf.get(post.work ?? '') && w.userId === userId,
    );
    if (row)
      workByKey.set(`${post.author}:${post.work}`, { id: row.id, cover: row.cover[0] ?? '' });
  }
  const coverByKey = new Map([...workByKey].map(([key, work]) => [key, work.cover]));
  const images = new Map<string, TImage | null>();
  for (const post of pending) images.set(post.key, await imageOf(post, coverByKey, storage));

  const now = Date.now();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    let added = 0;
    // Again under the lock: another instance may have seeded them meanwhile.
    const stillMissing = new Set((await missingPosts(tx, userOf)).map((post) => post.key));
    for (const post of pending) {
      const userId = userOf.get(post.author);
      if (userId === undefined || !stillMissing.has(post.key)) continue;
      const image = images.get(post.key) ?? null;
      if (image) {
        await tx
          .insert(files)
          .values({
            userId,
            sha256: image.sha256,
            url: image.url,
            filename: `${post.key}.webp`,
            size: image.size,
            mime: 'image/webp',
            kind: 'post',
          })
          .onConflictDoNothing();
      }
      const createdAt = new Date(now - post.hoursAgo * HOUR_MS);
      const likers = post.likes.flatMap((handle) => {
        const id = userOf.get(handle);
        return id === undefined || id === userId ? [] : [id];
      });
      const [row] = await tx
        .insert(posts)
        .values({
          userId,
          content: post.content,
          images: image ? [image.url] : [],
          workId: workByKey.get(`${post.author}:${post.work}`)?.id ?? null,
          topic: post.topic ?? null,
          likeCount: likers.length,
          commentCount: 0,
          document: sql`${postDocument(post.content, post.topic ?? null)}::tsvector`,
          documentVersion: POST_DOCUMENT_VERSION,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: posts.id });
      if (!row) continue;
      added += 1;
      if (likers.length) {
        await tx
          .insert(postLikes)
          .values(likers.map((id) => ({ userId: id, postId: row.id, createdAt })));
      }
      // Comments follow the post by a few minutes each; a reply joins its comment's thread.
      const ids: number[] = [];
      let written = 0;
      for (const [i, comment] of post.comments.entries()) {
        const authorId = userOf.get(comment.author);
        if (authorId === undefined) continue;
        const parentIndex = comment.replyTo;
        const parentId = parentIndex === undefined ? null : (ids[parentIndex] ?? null);
        const parentAuthor =
          parentIndex === undefined
            ? null
            : (userOf.get(post.comments[parentIndex]?.author ?? '') ?? null);
        const [inserted] = await tx
          .insert(comments)
          .values({
            postId: row.id,
            userId: authorId,
            parentId,
            replyToId: parentId,
            replyToUserId: parentId === null ? null : parentAuthor,
            content: comment.text,
            createdAt: new Date(createdAt.getTime() + (i + 1) * 7 * 60_000),
          })
          .returning({ id: comments.id });
        ids[i] = inserted?.id ?? 0;
        written += 1;
      }
      if (written) {
        await tx.update(posts).set({ commentCount: written }).where(eq(posts.id, row.id));
      }
    }
    return added;
  });
}
