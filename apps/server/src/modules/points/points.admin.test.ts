import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TDatabaseHandle } from '../../db/client';
import { pointsLedger, users } from '../../db/schema';
import { isAppError } from '../../http/app-error';
import { findServerRoot } from '../../paths';
import { createUser } from '../../test/factories';
import { createTestDatabase, testDbKind } from '../../test/test-database';
import { adminGrantPoints, parsePointsDelta } from './points.admin';

let database: TDatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('adminGrantPoints', () => {
  it('parses +N, -N and N, and refuses 0 and words', () => {
    expect([parsePointsDelta('+5'), parsePointsDelta('-3'), parsePointsDelta('7')]).toEqual([
      5, -3, 7,
    ]);
    expect([parsePointsDelta('0'), parsePointsDelta('ten'), parsePointsDelta('1.5')]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('grants and takes away with the reason in the ledger, never below 0', async () => {
    const user = await createUser(database.db, { email: 'Grant@Example.test' });
    expect(
      await adminGrantPoints(database.db, {
        email: 'grant@example.test',
        delta: 50,
        reason: 'contest prize',
      }),
    ).toMatchObject({ userId: user.id, balance: 50 });
    expect(
      (
        await adminGrantPoints(database.db, {
          email: 'grant@example.test',
          delta: -20,
          reason: 'correction',
        })
      ).balance,
    ).toBe(30);
    const error = await adminGrantPoints(database.db, {
      email: 'grant@example.test',
      delta: -31,
      reason: 'too much',
    }).catch((e: unknown) => e);
    expect(isAppError(error) && error.messageKey).toBe('insufficientPoints');
    const rows = await database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, user.id))
      .orderBy(desc(pointsLedger.id));
    expect(rows.map((r) => [r.reason, r.delta, r.note, r.balanceAfter])).toEqual([
      ['admin_grant', -20, 'correction', 30],
      ['admin_grant', 50, 'contest prize', 50],
    ]);
  });

  it('refuses an unknown e-mail', async () => {
    const error = await adminGrantPoints(database.db, {
      email: 'nobody@example.test',
      delta: 5,
      reason: 'x',
    }).catch((e: unknown) => e);
    expect(isAppError(error) && error.messageKey).toBe('emailNotFound');
  });
});

const run = promisify(execFile);

describe.skipIf(testDbKind() !== 'pglite')('npm run admin -- points (CLI)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'layerline-points-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('grants, takes away and refuses going below 0', async () => {
    const root = findServerRoot();
    const env = { ...process.env, DATA_DIR: dataDir, INIT_CWD: root, LOG_LEVEL: 'silent' };
    const cli = path.join(root, 'src', 'cli', 'admin.cli.ts');
    const tsx = path.join(root, '..', '..', 'node_modules', '.bin', 'tsx');
    await run(tsx, [cli, 'create', 'points-cli@example.test'], { env });
    const plus = await run(
      tsx,
      [cli, 'points', 'points-cli@example.test', '+15', '--reason', 'beta tester'],
      {
        env,
      },
    );
    expect(plus.stdout).toMatch(
      /^\+15 points for points-cli@example.test \(id \d+\); balance 15\.\n$/,
    );
    const minus = await run(
      tsx,
      [cli, 'points', 'points-cli@example.test', '-5', '--reason', 'fix'],
      { env },
    );
    expect(minus.stdout).toContain('balance 10.');
    const below = await run(
      tsx,
      [cli, 'points', 'points-cli@example.test', '-11', '--reason', 'x'],
      {
        env,
      },
    ).catch((e) => e);
    expect(below.code).toBe(1);
    expect(below.stderr).toContain('below 0');
    const noReason = await run(tsx, [cli, 'points', 'points-cli@example.test', '+1'], {
      env,
    }).catch((e) => e);
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain('--reason');

    const db = await createDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const [row] = await db.db
        .select({ points: users.points })
        .from(users)
        .where(eq(users.email, 'points-cli@example.test'));
      expect(row?.points).toBe(10);
    } finally {
      await db.close();
    }
  }, 120_000);
});
