import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import type { TDatabaseHandle } from './client';
import { moderationActions, notifications, pointsLedger, users, workLikes, works } from './schema';
import { type TRepositories, UnitOfWork } from './unit-of-work';

let handle: TDatabaseHandle;
let uow: UnitOfWork;

beforeAll(async () => {
  handle = await createTestDatabase();
  uow = new UnitOfWork(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

/** Writes through several repositories of one unit of work; answers what to look for. */
async function writeThrough(tx: TRepositories, actorId: number, categoryId: number) {
  const user = await tx.users.insert({
    email: `uow-${Date.now()}-${Math.random()}@example.test`,
    passwordHash: 'x',
    nickname: 'Unit of work',
  });
  const work = await tx.works.insert(
    { userId: user.id, title: 'Kept together', status: 'published', publishedAt: new Date() },
    [categoryId],
  );
  await tx.social.addMark('like', actorId, work.id);
  await tx.notifications.insert({
    recipientId: user.id,
    actorId,
    kind: 'liked',
    workId: work.id,
    createdAt: new Date(),
  });
  const balance = await tx.points.addToBalance(user.id, 5);
  await tx.points.appendLedger({
    userId: user.id,
    delta: 5,
    reason: 'admin_grant',
    refType: null,
    refId: null,
    note: '',
    balanceAfter: balance ?? 0,
  });
  await tx.auditRecords.record({
    actorId,
    action: 'user_role',
    itemKind: 'user',
    itemId: user.id,
    createdAt: new Date(),
  });
  return { userId: user.id, workId: work.id };
}

async function stored(found: { userId: number; workId: number }) {
  const db = handle.db;
  return {
    users: await db.$count(users, eq(users.id, found.userId)),
    works: await db.$count(works, eq(works.id, found.workId)),
    likes: await db.$count(workLikes, eq(workLikes.workId, found.workId)),
    notifications: await db.$count(notifications, eq(notifications.recipientId, found.userId)),
    ledger: await db.$count(pointsLedger, eq(pointsLedger.userId, found.userId)),
    audit: await db.$count(moderationActions, eq(moderationActions.itemId, found.userId)),
  };
}

describe('UnitOfWork (ADR 0045)', () => {
  it('commits the writes of every repository when the callback returns', async () => {
    const actor = await createUser(handle.db);
    const category = await createCategory(handle.db);
    const found = await uow.run((tx) => writeThrough(tx, actor.id, category.id));
    expect(await stored(found)).toEqual({
      users: 1,
      works: 1,
      likes: 1,
      notifications: 1,
      ledger: 1,
      audit: 1,
    });
    expect((await uow.repositories.works.findById(found.workId))?.work.likeCount).toBe(1);
  });

  it('rolls back the writes of every repository when the callback throws', async () => {
    const actor = await createUser(handle.db);
    const category = await createCategory(handle.db);
    let found: { userId: number; workId: number } | undefined;
    await expect(
      uow.run(async (tx) => {
        found = await writeThrough(tx, actor.id, category.id);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    if (!found) throw new Error('nothing was written');
    expect(await stored(found)).toEqual({
      users: 0,
      works: 0,
      likes: 0,
      notifications: 0,
      ledger: 0,
      audit: 0,
    });
  });

  it('answers what the callback answers, and reads its own writes before the commit', async () => {
    const answer = await uow.run(async (tx) => {
      const user = await tx.users.insert({
        email: 'seen-inside@example.test',
        passwordHash: 'x',
        nickname: 'Inside',
      });
      return (await tx.users.findById(user.id))?.email;
    });
    expect(answer).toBe('seen-inside@example.test');
  });

  it('makes each repository on first use, on the transaction, and keeps it for the run', async () => {
    await uow.run(async (tx) => {
      expect(Object.keys(tx)).toEqual([]);
      const first = tx.works;
      expect(tx.works).toBe(first);
      expect(Object.keys(tx)).toEqual(['works']);
      // Every repository of the run is made on the one transaction handle, not the database.
      const handles = new Set(
        Object.getOwnPropertyNames(Object.getPrototypeOf(tx))
          .filter((name) => name !== 'constructor')
          .map((name) => (tx[name as keyof TRepositories] as unknown as { db: unknown }).db),
      );
      expect(handles.size).toBe(1);
      expect(handles.has(handle.db)).toBe(false);
    });
    expect((uow.repositories.works as unknown as { db: unknown }).db).toBe(handle.db);
  });
});
