import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../db/client';
import {
  banners,
  categories,
  collections,
  collectionWorks,
  files,
  machineGroups,
  machines,
  materials,
  posts,
  users,
  works,
} from '../db/schema';
import { POST_DOCUMENT_VERSION, postDocument } from '../modules/community';

/**
 * Test data factories (DESIGN 6): each inserts one row through Drizzle with
 * unique defaults, takes overrides, and returns the inserted row.
 */
let sequence = 0;
const next = () => {
  sequence += 1;
  return `${process.pid.toString(36)}${sequence}`;
};

type TUserInsert = typeof users.$inferInsert;
type TCategoryInsert = typeof categories.$inferInsert;
type TWorkInsert = typeof works.$inferInsert;
type TBannerInsert = typeof banners.$inferInsert;
type TCollectionInsert = typeof collections.$inferInsert;
type TPostInsert = typeof posts.$inferInsert;

async function insertOne<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function createUser(db: TDatabase, overrides: Partial<TUserInsert> = {}) {
  const n = next();
  return insertOne(
    db
      .insert(users)
      .values({
        email: `maker${n}@example.test`,
        // Not a usable hash: factory users do not log in unless a test sets one.
        passwordHash: 'x',
        nickname: `Maker ${n}`,
        ...overrides,
      })
      .returning(),
  );
}

export function createCategory(db: TDatabase, overrides: Partial<TCategoryInsert> = {}) {
  const n = next();
  return insertOne(
    db
      .insert(categories)
      .values({ slug: `category-${n}`, nameEn: `Category ${n}`, nameZh: `分类${n}`, ...overrides })
      .returning(),
  );
}

/** A published work by a new user unless `userId` and `status` say otherwise. */
export async function createWork(db: TDatabase, overrides: Partial<TWorkInsert> = {}) {
  const userId = overrides.userId ?? (await createUser(db)).id;
  const n = next();
  const status = overrides.status ?? 'published';
  return insertOne(
    db
      .insert(works)
      .values({
        title: `Work ${n}`,
        cover: [`/files/test/cover-${n}.png`],
        publishedAt: status === 'published' ? new Date() : null,
        ...overrides,
        userId,
        status,
      })
      .returning(),
  );
}

/**
 * A community post by a new user unless `userId` says otherwise (ADR 0013),
 * with its search document built from its content and topic, as the
 * community service builds it.
 */
export async function createPost(db: TDatabase, overrides: Partial<TPostInsert> = {}) {
  const userId = overrides.userId ?? (await createUser(db)).id;
  const n = next();
  const content = overrides.content ?? `Post ${n}`;
  return insertOne(
    db
      .insert(posts)
      .values({
        content,
        images: [`/files/test/post-${n}.webp`],
        document: sql`${postDocument(content, overrides.topic ?? null)}::tsvector`,
        documentVersion: POST_DOCUMENT_VERSION,
        ...overrides,
        userId,
      })
      .returning(),
  );
}

/**
 * A `files` row as the upload endpoint records an image of kind `post` (by
 * default) for `userId`, with a WebP thumbnail; nothing is stored.
 */
export function createPostImage(
  db: TDatabase,
  userId: number,
  overrides: Partial<typeof files.$inferInsert> = {},
) {
  const n = next();
  return insertOne(
    db
      .insert(files)
      .values({
        sha256: createHash('sha256').update(`post-image-${n}`).digest('hex'),
        url: `/files/test/post-image-${n}.webp`,
        thumbnail: `/files/test/post-image-${n}-thumb.webp`,
        filename: `post-image-${n}.webp`,
        size: 1024,
        mime: 'image/webp',
        kind: 'post',
        ...overrides,
        userId,
      })
      .returning(),
  );
}

export function createBanner(db: TDatabase, overrides: Partial<TBannerInsert> = {}) {
  const n = next();
  return insertOne(
    db
      .insert(banners)
      .values({
        type: 1,
        img: `/files/test/banner-${n}.png`,
        titleEn: `Banner ${n}`,
        titleZh: `横幅${n}`,
        ...overrides,
      })
      .returning(),
  );
}

/** A collection holding `workIds` in that order. */
export async function createCollection(
  db: TDatabase,
  overrides: Partial<TCollectionInsert> & { workIds?: number[] } = {},
) {
  const { workIds = [], ...values } = overrides;
  const n = next();
  const collection = await insertOne(
    db
      .insert(collections)
      .values({
        slug: `collection-${n}`,
        titleEn: `Collection ${n}`,
        titleZh: `合集${n}`,
        ...values,
      })
      .returning(),
  );
  if (workIds.length > 0) {
    await db
      .insert(collectionWorks)
      .values(workIds.map((workId, sort) => ({ collectionId: collection.id, workId, sort })));
  }
  return collection;
}

export function createMachineGroup(
  db: TDatabase,
  overrides: Partial<typeof machineGroups.$inferInsert> = {},
) {
  const n = next();
  return insertOne(
    db
      .insert(machineGroups)
      .values({ slug: `group-${n}`, nameEn: `Group ${n}`, nameZh: `机型组${n}`, ...overrides })
      .returning(),
  );
}

export async function createMachine(
  db: TDatabase,
  overrides: Partial<typeof machines.$inferInsert> = {},
) {
  const groupId = overrides.groupId ?? (await createMachineGroup(db)).id;
  const n = next();
  return insertOne(
    db
      .insert(machines)
      .values({ slug: `machine-${n}`, name: `Machine ${n}`, kind: 'fdm', ...overrides, groupId })
      .returning(),
  );
}

export function createMaterial(
  db: TDatabase,
  overrides: Partial<typeof materials.$inferInsert> = {},
) {
  const n = next();
  return insertOne(
    db
      .insert(materials)
      .values({ slug: `material-${n}`, nameEn: `Material ${n}`, nameZh: `材料${n}`, ...overrides })
      .returning(),
  );
}
