import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDatabaseHandle } from '../../db/client';
import { createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { FILE_PRIVACY_TTL_MS } from './file-privacy';
import { FilesRepository, type TFileRecord } from './files.repository';

let database: TDatabaseHandle;
let userId: number;
let now = 1_000_000;

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (await createUser(database.db)).id;
});

afterAll(async () => {
  await database.close();
});

const hex = (n: number) => n.toString(16).padStart(64, '0');
const row = (url: string, kind: TFileRecord['kind']): TFileRecord => ({
  userId,
  sha256: hex(1),
  url,
  filename: 'part.stl',
  size: 10,
  mime: 'model/stl',
  kind,
  thumbnail: null,
  createdAt: new Date(now),
});

/** A repository on the test database whose privacy lookups are counted. */
function repository(options: { maxEntries?: number } = {}) {
  const files = new FilesRepository(database.db, { now: () => now, ...options });
  const lookups = vi.spyOn(files, 'privacyOf');
  return { files, lookups };
}

describe('FilePrivacyCache (ADR 0009: /files/ privacy answers)', () => {
  it('asks the database once per URL within the TTL, then again', async () => {
    const { files, lookups } = repository();
    const url = `/files/aa/aa${hex(2).slice(2)}.stl`;
    await files.record([row(url, 'design')]);
    for (let i = 0; i < 5; i += 1) expect(await files.privacy.isPrivate(url)).toBe(true);
    expect(lookups).toHaveBeenCalledTimes(1);
    now += FILE_PRIVACY_TTL_MS + 1;
    expect(await files.privacy.isPrivate(url)).toBe(true);
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('forgets a URL as soon as this process records it again', async () => {
    const { files, lookups } = repository();
    const url = `/files/bb/bb${hex(3).slice(2)}.png`;
    await files.record([row(url, 'design')]);
    expect(await files.privacy.isPrivate(url)).toBe(true);
    // The same bytes uploaded as a cover are public from then on, without waiting.
    await files.record([row(url, 'cover')]);
    expect(await files.privacy.isPrivate(url)).toBe(false);
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('never keeps a URL no row names yet (it may be recorded as private a moment later)', async () => {
    const { files, lookups } = repository();
    const url = `/files/cc/cc${hex(4).slice(2)}.stl`;
    expect(await files.privacy.isPrivate(url)).toBe(false);
    // Recorded by another repository (another process): seen at once all the same.
    await new FilesRepository(database.db).record([row(url, 'design')]);
    expect(await files.privacy.isPrivate(url)).toBe(true);
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('keeps at most its size, dropping the least recently asked', async () => {
    const { files, lookups } = repository({ maxEntries: 2 });
    const urls = [5, 6, 7].map((n) => `/files/dd/dd${hex(n).slice(2)}.stl`);
    await files.record(urls.map((url) => row(url, 'design')));
    await files.privacy.isPrivate(urls[0] ?? '');
    await files.privacy.isPrivate(urls[1] ?? '');
    await files.privacy.isPrivate(urls[0] ?? '');
    await files.privacy.isPrivate(urls[2] ?? '');
    expect(files.privacy.size).toBe(2);
    expect(lookups).toHaveBeenCalledTimes(3);
    // urls[1] was the least recently asked: asked again; urls[0] is still kept.
    await files.privacy.isPrivate(urls[0] ?? '');
    expect(lookups).toHaveBeenCalledTimes(3);
    await files.privacy.isPrivate(urls[1] ?? '');
    expect(lookups).toHaveBeenCalledTimes(4);
  });
});
