import type { TDatabase } from '../db/client';
import {
  banners,
  categories,
  collections,
  collectionWorks,
  machineGroups,
  machines,
  materials,
  users,
  works,
} from '../db/schema';

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
