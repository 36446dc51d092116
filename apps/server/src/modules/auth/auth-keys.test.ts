import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { TDatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/test-database';
import { appSettings } from '../settings';
import { keyedHash, loadAuthKeys } from './auth-keys';

let database: TDatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('loadAuthKeys', () => {
  it('generates one secret in the database that every instance then shares', async () => {
    const [a, b] = await Promise.all([
      loadAuthKeys(database.db, {}),
      loadAuthKeys(database.db, {}),
    ]);
    expect(Buffer.from(a.jwt)).toEqual(Buffer.from(b.jwt));
    expect(a.hash).toEqual(b.hash);
    const stored = await appSettings(database.db).get('auth_secret');
    expect(stored?.length).toBeGreaterThanOrEqual(32);
    const again = await loadAuthKeys(database.db, {});
    expect(keyedHash(again, 'p', 'v')).toBe(keyedHash(a, 'p', 'v'));
  });

  it('uses AUTH_SECRET when set, with separate keys per use', async () => {
    const { authSecret } = loadConfig({ AUTH_SECRET: 's'.repeat(32) });
    const keys = await loadAuthKeys(database.db, { authSecret });
    const generated = await loadAuthKeys(database.db, {});
    expect(Buffer.from(keys.jwt)).not.toEqual(Buffer.from(generated.jwt));
    expect(Buffer.from(keys.jwt)).not.toEqual(keys.hash);
    expect(keyedHash(keys, 'captcha', 'x')).not.toBe(keyedHash(keys, 'refresh', 'x'));
  });
});
