import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TDatabaseHandle } from '../../db/client';
import { verifyPassword } from '../../kernel/password-hash';
import { findServerRoot } from '../../paths';
import { createUser } from '../../test/factories';
import { createTestDatabase, testDbKind } from '../../test/test-database';
import { createOrPromote, ensureAdmin } from './admin-account';
import { UsersRepository } from './users.repository';

let database: TDatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('createOrPromote', () => {
  it('creates an account with a generated password that verifies', async () => {
    const result = await createOrPromote(database.db, {
      email: 'Boss@Example.test',
      role: 'admin',
    });
    expect(result).toMatchObject({ action: 'created', email: 'boss@example.test', role: 'admin' });
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const row = await new UsersRepository(database.db).findByEmail('boss@example.test');
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(row?.passwordHash ?? '', result.generatedPassword ?? '')).toBe(
      true,
    );
  });

  it('promotes an existing account and sets the password only when given', async () => {
    const user = await createUser(database.db, { passwordHash: 'x' });
    const promoted = await createOrPromote(database.db, { email: user.email, role: 'moderator' });
    expect(promoted).toMatchObject({ action: 'updated', userId: user.id, role: 'moderator' });
    expect(promoted.generatedPassword).toBeUndefined();
    await createOrPromote(database.db, {
      email: user.email,
      role: 'admin',
      password: 'newpass123',
    });
    const row = await new UsersRepository(database.db).findById(user.id);
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(row?.passwordHash ?? '', 'newpass123')).toBe(true);
  });

  it('refuses a bad e-mail or a password outside 8-20', async () => {
    await expect(createOrPromote(database.db, { email: 'nope', role: 'admin' })).rejects.toThrow();
    await expect(
      createOrPromote(database.db, { email: 'ok@example.test', role: 'admin', password: 'short' }),
    ).rejects.toThrow();
  });
});

describe('ensureAdmin (ADMIN_EMAIL / ADMIN_PASSWORD)', () => {
  it('creates the admin once and leaves an existing account alone', async () => {
    const admin = { email: 'first@example.test', password: 'firstpass1' };
    expect(await ensureAdmin(database.db, admin)).toBe('created');
    expect(await ensureAdmin(database.db, { ...admin, password: 'otherpass1' })).toBe('exists');
    const row = await new UsersRepository(database.db).findByEmail(admin.email);
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(row?.passwordHash ?? '', 'firstpass1')).toBe(true);
  });
});

const run = promisify(execFile);

describe.skipIf(testDbKind() !== 'pglite')('npm run admin -- create (CLI)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'layerline-admin-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates an admin in the embedded database and prints the generated password', async () => {
    const root = findServerRoot();
    const env = { ...process.env, DATA_DIR: dataDir, INIT_CWD: root, LOG_LEVEL: 'silent' };
    const cli = path.join(root, 'src', 'cli', 'admin.cli.ts');
    const tsx = path.join(root, '..', '..', 'node_modules', '.bin', 'tsx');
    const { stdout } = await run(tsx, [cli, 'create', 'cli@example.test'], { env });
    expect(stdout).toMatch(
      /^Created cli@example.test \(id \d+\) with role admin\.\nPassword: [A-Za-z0-9]{16}\n$/,
    );
    const password = /Password: (\S+)/.exec(stdout)?.[1] ?? '';
    const moderator = await run(tsx, [cli, 'create', 'cli@example.test', '--role', 'moderator'], {
      env,
    });
    expect(moderator.stdout).toMatch(/^Updated cli@example.test .* role moderator\.\n$/);
    const bad = await run(tsx, [cli, 'create', 'not-an-email'], { env }).catch((error) => error);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('not a valid e-mail');

    const db = await createDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const row = await new UsersRepository(db.db).findByEmail('cli@example.test');
      expect(row?.role).toBe('moderator');
      expect(await verifyPassword(row?.passwordHash ?? '', password)).toBe(true);
    } finally {
      await db.close();
    }
  }, 120_000);
});
