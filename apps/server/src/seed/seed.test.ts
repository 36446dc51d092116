import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from '../db/client';
import {
  banners,
  categories,
  collections,
  collectionWorks,
  comments,
  files,
  machineGroups,
  machines,
  materials,
  postLikes,
  posts,
  userFollows,
  users,
  workCategories,
  workFavors,
  workLikes,
  works,
} from '../db/schema';
import { FilesRepository } from '../modules/files/files.repository';
import { FILES_URL_PREFIX, LocalDiskStorage } from '../modules/files/local-disk.storage';
import type { FileStorage } from '../modules/files/storage';
import { createTestDatabase } from '../test/test-database';
import { CATEGORY_TREE } from './data/categories.data';
import { DEMO_POSTS } from './demo/posts.data';
import { DEMO_FOLLOWS, DEMO_WORK_COMMENTS } from './demo/social.data';
import { DEMO_USERS } from './demo/users.data';
import { DEMO_WORKS } from './demo/works.data';
import { runSeed, type TSeedResult } from './index';

let database: TDatabaseHandle;
let storage: LocalDiskStorage;
let dir: string;
const messages: string[] = [];
const log = { info: (msg: string) => messages.push(msg) };

const keyOf = (url: string) => url.slice(FILES_URL_PREFIX.length);

async function tableCounts() {
  const db = database.db;
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    categories: await n(categories),
    machineGroups: await n(machineGroups),
    machines: await n(machines),
    materials: await n(materials),
    users: await n(users),
    works: await n(works),
    workCategories: await n(workCategories),
    banners: await n(banners),
    collections: await n(collections),
    collectionWorks: await n(collectionWorks),
    posts: await n(posts),
    postLikes: await n(postLikes),
    comments: await n(comments),
    workLikes: await n(workLikes),
    workFavors: await n(workFavors),
    userFollows: await n(userFollows),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'layerline-seed-'));
  storage = new LocalDiskStorage(path.join(dir, 'files'));
});

afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('runSeed', () => {
  it('without demo content seeds reference data only', async () => {
    const result = await runSeed({ db: database.db, storage, demo: false, log });
    expect(result.demo).toBeNull();
    expect(result.reference).toBeGreaterThan(100);
    const counts = await tableCounts();
    expect(counts.categories).toBeGreaterThan(30);
    expect(counts.machines).toBeGreaterThan(40);
    expect(counts.materials).toBeGreaterThan(30);
    expect(counts.users).toBe(0);
    expect(counts.works).toBe(0);
    expect(counts.banners).toBe(0);
    expect(counts.collections).toBe(0);
  });

  it('a failure while generating files leaves no demo rows behind', async () => {
    let puts = 0;
    const failing: FileStorage = {
      put: (data, meta) => {
        puts += 1;
        return puts > 25 ? Promise.reject(new Error('disk full')) : storage.put(data, meta);
      },
      putFile: (source, meta) => storage.putFile(source, meta),
      putVariant: (key, width, data) => storage.putVariant(key, width, data),
      read: (key) => storage.read(key),
      createReadStream: (key) => storage.createReadStream(key),
      delete: (key) => storage.delete(key),
      exists: (key) => storage.exists(key),
      urlFor: (key) => storage.urlFor(key),
      keyFromUrl: (url) => storage.keyFromUrl(url),
    };
    await expect(runSeed({ db: database.db, storage: failing, demo: true, log })).rejects.toThrow(
      'disk full',
    );
    const counts = await tableCounts();
    expect([counts.users, counts.works, counts.banners, counts.collections]).toEqual([0, 0, 0, 0]);
  });

  it('with demo content adds users, works, banners and collections exactly once', async () => {
    // Two servers starting together: the advisory lock lets only one of them insert.
    const results: TSeedResult[] = await Promise.all([
      runSeed({ db: database.db, storage, demo: true, log }),
      runSeed({ db: database.db, storage, demo: true, log }),
    ]);
    const added = results.map((r) => r.demo);
    expect(results.map((r) => r.reference)).toEqual([0, 0]);
    expect(added).toContainEqual({
      users: 10,
      works: DEMO_WORKS.length,
      banners: 7,
      collections: 6,
    });
    expect(added).toContainEqual({ users: 0, works: 0, banners: 0, collections: 0 });
    const counts = await tableCounts();
    expect(counts.users).toBe(DEMO_USERS.length);
    expect(counts.works).toBe(DEMO_WORKS.length);
    expect(counts.banners).toBe(7);
    expect(counts.collections).toBe(6);
    // Demo community posts, each once, with counters that match their rows.
    expect(results.map((r) => r.posts).sort()).toEqual([0, DEMO_POSTS.length]);
    // Comments, likes, favourites and follows, once (social.seed).
    const social = results.map((r) => r.social).sort((a, b) => a - b);
    expect(social[0]).toBe(0);
    expect(social[1]).toBeGreaterThan(Object.values(DEMO_WORK_COMMENTS).flat().length);
    expect(counts.posts).toBe(DEMO_POSTS.length);
    const seeded = await database.db.select().from(posts);
    for (const post of seeded) {
      const [likes] = await database.db
        .select({ n: count() })
        .from(postLikes)
        .where(eq(postLikes.postId, post.id));
      const [said] = await database.db
        .select({ n: count() })
        .from(comments)
        .where(eq(comments.postId, post.id));
      expect([post.likeCount, post.commentCount]).toEqual([likes?.n, said?.n]);
    }
    // A post about a work shows its cover, recorded as the author's post upload.
    const withImage = seeded.filter((p) => p.images.length > 0);
    expect(withImage.length).toBeGreaterThan(3);
    for (const post of withImage) {
      const [upload] = await database.db
        .select({ kind: files.kind })
        .from(files)
        .where(and(eq(files.userId, post.userId), eq(files.url, post.images[0] ?? '')));
      expect(upload?.kind).toBe('post');
      expect(post.workId).not.toBeNull();
    }
    expect(messages.some((m) => m.includes('demo content added'))).toBe(true);
  });

  // The community of a new site (SPEC 6: a visitor sees 2 comments of a work, then a login mask).
  it('demo makers comment, reply, like, collect and follow, with counters equal to the rows', async () => {
    const db = database.db;
    const plannedComments = Object.values(DEMO_WORK_COMMENTS).flat().length;
    const plannedFollows = Object.values(DEMO_FOLLOWS).flat().length;
    const counts = await tableCounts();
    expect(counts.comments).toBe(
      plannedComments + DEMO_POSTS.reduce((n, p) => n + p.comments.length, 0),
    );
    expect(counts.userFollows).toBe(plannedFollows);
    expect(counts.workLikes).toBeGreaterThan(DEMO_WORKS.length);
    expect(counts.workFavors).toBeGreaterThan(20);

    const allWorks = await db.select().from(works);
    for (const work of allWorks) {
      const n = async (table: typeof workLikes | typeof workFavors) =>
        (await db.select({ n: count() }).from(table).where(eq(table.workId, work.id)))[0]?.n;
      const [said] = await db
        .select({ n: count() })
        .from(comments)
        .where(and(eq(comments.workId, work.id), isNull(comments.deletedAt)));
      expect([work.likeCount, work.favorCount, work.commentCount]).toEqual([
        await n(workLikes),
        await n(workFavors),
        said?.n,
      ]);
      // Nobody likes their own work.
      const own = await db
        .select()
        .from(workLikes)
        .where(and(eq(workLikes.workId, work.id), eq(workLikes.userId, work.userId)));
      expect(own).toEqual([]);
    }
    expect(allWorks.filter((w) => w.likeCount > 0).length).toBe(DEMO_WORKS.length);

    const makers = await db.select().from(users);
    const langOf = new Map(
      makers.map((u) => [
        u.id,
        DEMO_USERS.find((d) => u.email.startsWith(`${d.handle}@`))?.lang ?? 'en',
      ]),
    );
    for (const maker of makers) {
      const [fans] = await db
        .select({ n: count() })
        .from(userFollows)
        .where(eq(userFollows.followeeId, maker.id));
      const [follows] = await db
        .select({ n: count() })
        .from(userFollows)
        .where(eq(userFollows.followerId, maker.id));
      expect([maker.fansCount, maker.followCount]).toEqual([fans?.n, follows?.n]);
      expect(maker.fansCount).toBeGreaterThan(0);
    }

    const workComments = await db.select().from(comments).where(isNotNull(comments.workId));
    const topLevel = new Map<number, number>();
    for (const c of workComments) {
      if (c.parentId === null) topLevel.set(c.workId ?? 0, (topLevel.get(c.workId ?? 0) ?? 0) + 1);
      // Each maker writes in their own language.
      expect(/[\u4e00-\u9fff]/.test(c.content)).toBe(langOf.get(c.userId) === 'zh');
      const work = allWorks.find((w) => w.id === c.workId);
      expect(c.createdAt.getTime()).toBeGreaterThan(work?.publishedAt?.getTime() ?? 0);
      expect(c.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    // Enough works to show the visitor's mask.
    expect([...topLevel.values()].filter((n) => n >= 3).length).toBeGreaterThanOrEqual(10);
    // Replies sit in their thread: the parent is a top comment of the same work.
    const replies = workComments.filter((c) => c.parentId !== null);
    expect(replies.length).toBeGreaterThan(10);
    for (const reply of replies) {
      const parent = workComments.find((c) => c.id === reply.parentId);
      expect(parent?.parentId).toBeNull();
      expect(parent?.workId).toBe(reply.workId);
      const answered = workComments.find((c) => c.id === reply.replyToId);
      expect(answered?.userId).toBe(reply.replyToUserId);
    }
  });

  it('a second run changes nothing', async () => {
    const before = await tableCounts();
    const snapshot = await database.db.select().from(works).orderBy(asc(works.id));
    const people = await database.db.select().from(users).orderBy(asc(users.id));
    const again = await runSeed({ db: database.db, storage, demo: true, log });
    expect(again.reference).toBe(0);
    expect(again.demo).toEqual({ users: 0, works: 0, banners: 0, collections: 0 });
    expect(again.posts).toBe(0);
    expect(again.social).toBe(0);
    expect(await database.db.select().from(users).orderBy(asc(users.id))).toEqual(people);
    expect(await tableCounts()).toEqual(before);
    expect(await database.db.select().from(works).orderBy(asc(works.id))).toEqual(snapshot);
  });

  it('reference rows are upserted by slug: edits to the data files reach existing rows', async () => {
    await database.db
      .update(categories)
      .set({ nameEn: 'Renamed' })
      .where(eq(categories.slug, '3dp-household'));
    const result = await runSeed({ db: database.db, storage, demo: false, log });
    expect(result.reference).toBe(1);
    const [row] = await database.db
      .select()
      .from(categories)
      .where(eq(categories.slug, '3dp-household'));
    expect(row?.nameEn).toBe('Household');
  });

  it('builds a two-level category tree where every parent has children', async () => {
    const rows = await database.db.select().from(categories);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const parents = rows.filter((r) => r.parentId === null);
    expect(parents.map((p) => p.slug).sort()).toEqual(CATEGORY_TREE.map((p) => p.slug).sort());
    for (const child of rows.filter((r) => r.parentId !== null)) {
      const parent = byId.get(child.parentId ?? -1);
      expect(parent).toBeDefined();
      expect(parent?.parentId).toBeNull();
    }
    for (const parent of parents) {
      expect(rows.some((r) => r.parentId === parent.id)).toBe(true);
    }
  });

  it('gives every machine group machines', async () => {
    const groups = await database.db.select().from(machineGroups);
    for (const group of groups) {
      const [row] = await database.db
        .select({ n: count() })
        .from(machines)
        .where(eq(machines.groupId, group.id));
      expect(row?.n).toBeGreaterThan(0);
    }
  });

  it('demo users are locked and carry a stored 256 px avatar', async () => {
    const rows = await database.db.select().from(users);
    for (const user of rows) {
      expect(user.email).toMatch(/@demo\.layerline\.local$/);
      expect(user.passwordHash).toBe('!seed-no-login');
      expect(user.bio).not.toBe('');
      expect(user.tag).not.toBe('');
      const avatar = await sharp(await storage.read(keyOf(user.avatar))).metadata();
      expect([avatar.format, avatar.width, avatar.height]).toEqual(['webp', 256, 256]);
    }
  });

  it('every work is published with categories, covers and stored project files', async () => {
    const rows = await database.db.select().from(works);
    const machineIds = new Set((await database.db.select().from(machines)).map((m) => m.id));
    const now = Date.now();
    for (const work of rows) {
      expect(work.status).toBe('published');
      expect(work.deletedAt).toBeNull();
      const age = now - (work.publishedAt?.getTime() ?? 0);
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(91 * 24 * 3600 * 1000);
      expect(work.createdAt.getTime()).toBeLessThanOrEqual(work.publishedAt?.getTime() ?? 0);
      const cats = await database.db
        .select()
        .from(workCategories)
        .where(eq(workCategories.workId, work.id));
      expect(cats.length).toBeGreaterThanOrEqual(1);
      expect(cats.length).toBeLessThanOrEqual(2);
      expect(work.cover.length).toBeGreaterThanOrEqual(1);
      expect(work.cover.length).toBeLessThanOrEqual(3);
      expect(work.projectFile.length).toBeGreaterThanOrEqual(1);
      for (const file of work.projectFile) {
        expect(['model/stl', 'image/svg+xml']).toContain(file.mime);
        expect(await storage.exists(keyOf(file.url))).toBe(true);
        expect((await storage.read(keyOf(file.url))).length).toBe(file.size);
        // ADR 0009: recorded as the author's design upload, so /files/ keeps it private.
        expect(await new FilesRepository(database.db).isPrivate(file.url)).toBe(true);
      }
      expect(await new FilesRepository(database.db).isPrivate(work.cover[0] ?? '')).toBe(false);
      const cover = await sharp(await storage.read(keyOf(work.cover[0] ?? ''))).metadata();
      expect([cover.format, cover.width, cover.height]).toEqual(['webp', 800, 600]);
      for (const id of work.machineIds) expect(machineIds.has(id)).toBe(true);
      expect(work.tags.length).toBeGreaterThanOrEqual(3);
      expect(work.tags.length).toBeLessThanOrEqual(8);
      expect(
        work.attachment.match(/<\/?([a-z0-9]+)/g)?.map((t) => t.replace(/[</]/g, '')),
      ).toSatisfy((tags: string[]) =>
        tags.every((t) => ['p', 'h3', 'ul', 'li', 'strong'].includes(t)),
      );
    }
  });

  it('banners carry generated images of the right size and resolved links', async () => {
    const rows = await database.db.select().from(banners);
    for (const banner of rows) {
      const meta = await sharp(await storage.read(keyOf(banner.img))).metadata();
      expect([meta.width, meta.height]).toEqual(banner.type === 1 ? [1200, 400] : [600, 300]);
      expect(banner.link).toMatch(/^(\/[A-Za-z]|https:\/\/)/);
      expect(banner.titleZh).not.toBe('');
      expect(banner.buttonTextEn).not.toBe('');
    }
    const collectionIds = new Set((await database.db.select().from(collections)).map((c) => c.id));
    for (const banner of rows.filter((b) => b.link.startsWith('/collections/'))) {
      expect(collectionIds.has(Number(banner.link.split('/')[2]))).toBe(true);
    }
  });

  it('collections hold 4 to 12 works each', async () => {
    for (const collection of await database.db.select().from(collections)) {
      const [row] = await database.db
        .select({ n: count() })
        .from(collectionWorks)
        .where(eq(collectionWorks.collectionId, collection.id));
      expect(row?.n).toBeGreaterThanOrEqual(4);
      expect(row?.n).toBeLessThanOrEqual(12);
    }
  });

  it('seeding reference data alone later leaves the demo content alone', async () => {
    const before = await tableCounts();
    await runSeed({ db: database.db, storage, demo: false, log });
    expect(await tableCounts()).toEqual(before);
  });
});
