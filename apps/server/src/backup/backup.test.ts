import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TDatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { files } from '../db/schema';
import { LocalDiskStorage } from '../modules/files';
import { runSeed } from '../seed/index';
import { signIn } from '../test/auth-helpers';
import { createUser } from '../test/factories';
import { createTestApp, type TTestApp } from '../test/test-app';
import { testDbKind } from '../test/test-database';
import { storeUpload } from '../test/uploads';
import { listenAdminSocket, type TAdminSocket } from './admin-socket';
import { backupOnRequest, createBackup } from './backup';
import {
  allRows,
  filesIn,
  numberedPicture,
  referencedKeys,
  runAdmin,
  startWriter,
  uploadsAfter,
} from './backup.test-helpers';
import { restoreBackup } from './restore';

/**
 * ADR 0056: `npm run admin -- backup FILE` while the server runs on the
 * embedded database and writes go on, then `restore FILE` into a fresh
 * folder, compared row by row and byte by byte with the source.
 */
const quiet = { info: () => {}, error: () => {} };

let dir: string;
let dataDir: string;
let database: TDatabaseHandle;
let t: TTestApp;
let socket: TAdminSocket;
let headers: Record<string, string>;
let userId: number;

describe.skipIf(testDbKind() === 'postgres')('backup and restore of the embedded default', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'layerline-backup-'));
    dataDir = path.join(dir, 'data');
    database = await createDatabase({ dataDir: path.join(dataDir, 'db') });
    await runMigrations(database);
    const storage = new LocalDiskStorage(path.join(dataDir, 'files'));
    await runSeed({ db: database.db, storage, demo: true, log: quiet });
    t = await createTestApp({
      database,
      storage,
      env: { DATA_DIR: dataDir },
      // The writer below uploads as fast as it can for as long as the backup takes.
      userLimits: { uploadFiles: { max: 1_000_000, windowMs: 60_000 } },
    });
    socket = await listenAdminSocket(
      dataDir,
      backupOnRequest({ database, dataDir, filesRoot: path.join(dataDir, 'files') }),
      quiet,
    );
    userId = (await createUser(t.db)).id;
    headers = (await signIn(t, userId)).headers;
  }, 240_000);

  afterAll(async () => {
    await socket?.close();
    await t?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('backs up while uploads and removals go on, and restores every row and file of that moment', async () => {
    const writer = startWriter(t, headers, userId);
    await writer.steps(3);
    const file = path.join(dir, 'backups', 'layerline.tar.gz');
    const backup = await runAdmin(['backup', file], dataDir);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toContain(`Backup written by the running server to ${file}`);
    // Steps finished after the backup answered are surely after its snapshot.
    const answeredAt = writer.events.length;
    await writer.steps(answeredAt + 4);
    await writer.stop();
    const source = await allRows(t.db);
    const sourceFiles = await filesIn(path.join(dataDir, 'files'));

    const fresh = path.join(dir, 'restored');
    const restore = await runAdmin(['restore', file], fresh);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain(`Restored into ${fresh}`);
    const restored = await createDatabase({ dataDir: path.join(fresh, 'db') });
    let firstUrl = '';
    try {
      const rows = await allRows(restored.db);
      const files = await filesIn(path.join(fresh, 'files'));

      // The writer's rows in the backup are those after its first s steps, for one s:
      // every step before the snapshot whole, none after it.
      const isWriters = (line: string) => {
        const row = JSON.parse(line) as { user_id: number; filename: string };
        return row.user_id === userId && /^p\d+\.webp$/.test(row.filename);
      };
      const writers = (rows['public.files'] ?? []).filter(isWriters).sort();
      const steps = Array.from({ length: writer.events.length + 1 }, (_, s) => s).filter(
        (s) =>
          JSON.stringify([...uploadsAfter(writer.events, s).values()].sort()) ===
          JSON.stringify(writers),
      );
      expect(steps).toHaveLength(1);
      const s = steps[0] ?? 0;
      expect(s).toBeGreaterThanOrEqual(3);
      expect(s).toBeLessThanOrEqual(answeredAt);
      firstUrl = (JSON.parse(writers[0] ?? '{}') as { url: string }).url;

      // Every row of every table is the source's, the writer's rows as they were then.
      const atSnapshot: Record<string, string[]> = {
        ...source,
        'public.files': [
          ...(source['public.files'] ?? []).filter((line) => !isWriters(line)),
          ...writers,
        ].sort(),
      };
      expect(Object.keys(rows)).toEqual(Object.keys(source));
      for (const table of Object.keys(source))
        expect(rows[table], table).toEqual(atSnapshot[table]);
      expect(rows['public.works']?.length).toBeGreaterThan(0);

      // Every file a row names is there, with its bytes (those of a file removed since
      // included); the source's other files are the later uploads' or bytes no row names.
      const named = referencedKeys(rows);
      expect(named.size).toBeGreaterThan(10);
      for (const key of named) expect(files.has(key), key).toBe(true);
      for (const [key, bytes] of files) {
        const original = sourceFiles.get(key) ?? writer.removedBytes.get(key);
        expect(original && bytes.equals(original), key).toBe(true);
      }
      for (const key of sourceFiles.keys()) {
        if (!files.has(key)) expect(named.has(key), key).toBe(false);
      }
    } finally {
      await restored.close();
    }

    // The server starts on the restored folder and serves a restored upload.
    const served = await createDatabase({ dataDir: path.join(fresh, 'db') });
    await runMigrations(served);
    const again = await createTestApp({
      database: served,
      storage: new LocalDiskStorage(path.join(fresh, 'files')),
      env: { DATA_DIR: fresh },
    });
    try {
      const home = await again.app.inject({ method: 'GET', url: '/api/v1/works/home' });
      expect(home.statusCode).toBe(200);
      const picture = await again.app.inject({ method: 'GET', url: firstUrl });
      expect(picture.statusCode).toBe(200);
      const key = firstUrl.slice('/files/'.length);
      const original = sourceFiles.get(key) ?? writer.removedBytes.get(key);
      expect(original && picture.rawPayload.equals(original)).toBe(true);
    } finally {
      await again.close();
      await served.close();
    }
  }, 180_000);

  it('refuses a folder that holds anything without --force, and sets the old data aside with it', async () => {
    const file = path.join(dir, 'backups', 'second.tar.gz');
    await backupOnRequest({ database, dataDir, filesRoot: path.join(dataDir, 'files') })({ file });
    const target = path.join(dir, 'occupied');
    await mkdir(path.join(target, 'db'), { recursive: true });
    await writeFile(path.join(target, 'db', 'PG_VERSION'), '17');
    await expect(restoreBackup({ file, dataDir: target })).rejects.toThrow(/is not empty/);
    expect(await readdir(target)).toEqual(['db']);

    const result = await restoreBackup({ file, dataDir: target, force: true });
    expect(result.setAside).toMatch(/before-restore-/);
    expect(await readdir(path.join(result.setAside ?? '', 'db'))).toEqual(['PG_VERSION']);
    expect((await readdir(target)).sort()).toEqual(
      ['db', 'files', path.basename(result.setAside ?? '')].sort(),
    );
  }, 120_000);

  it('refuses an archive whose bytes do not match the manifest, and moves nothing in', async () => {
    const file = path.join(dir, 'backups', 'second.tar.gz');
    const damaged = path.join(dir, 'backups', 'damaged.tar.gz');
    const tar = gunzipSync(await readFile(file));
    // The second entry is the first stored file: its bytes follow db.tar's and its header.
    const dbSize = Number.parseInt(tar.subarray(124, 135).toString('latin1'), 8);
    const second = 512 + Math.ceil(dbSize / 512) * 512;
    expect(tar.subarray(second, second + 6).toString('latin1')).toBe('files/');
    const dataAt = second + 512;
    tar[dataAt] = (tar[dataAt] ?? 0) ^ 0xff;
    await writeFile(damaged, gzipSync(tar));
    const target = path.join(dir, 'damaged-target');
    await expect(restoreBackup({ file: damaged, dataDir: target })).rejects.toThrow(
      /does not match its checksum/,
    );
    expect(await readdir(target)).toEqual([]);
  }, 120_000);

  it('keeps a file removed right after the snapshot, and a removal waiting on it lands after', async () => {
    const stored = await Promise.all(
      [1001, 1002].map(async (n) =>
        storeUpload(t, userId, 'post', await numberedPicture(n), `r${n}.png`, 'image/png'),
      ),
    );
    const [waiting, later] = stored.map((upload) => ({
      ...upload,
      key: upload.url.slice('/files/'.length),
    }));
    if (!waiting || !later) throw new Error('two uploads expected');
    // As the app removes a file: its row deleted and committed, then its bytes.
    const remove = async (upload: { url: string; key: string }) => {
      await t.db.delete(files).where(eq(files.url, upload.url));
      await t.storage.delete(upload.key);
    };
    const bytes = new Map(
      await Promise.all(
        stored.map(
          async (upload) => [upload.url, await t.storage.read(upload.url.slice(7))] as const,
        ),
      ),
    );
    let waited: Promise<void> | undefined;
    const held: TDatabaseHandle = {
      ...database,
      // One removal starts while the snapshot is being taken (its statement must wait),
      // the other runs to the end after the snapshot, before the archive is written.
      holdStill: async (work) => {
        const result = await database.holdStill?.(async (tar, heldSince) => {
          waited = remove(waiting);
          return work(tar, heldSince);
        });
        await waited;
        await remove(later);
        return result as Awaited<ReturnType<typeof work>>;
      },
    };
    const file = path.join(dir, 'backups', 'removals.tar.gz');
    await createBackup({ database: held, dataDir, filesRoot: path.join(dataDir, 'files') }, file);
    expect(await t.storage.exists(waiting.key)).toBe(false);
    expect(await t.storage.exists(later.key)).toBe(false);

    const target = path.join(dir, 'removals-target');
    await restoreBackup({ file, dataDir: target });
    const restored = await createDatabase({ dataDir: path.join(target, 'db') });
    try {
      const urls = (await restored.db.select({ url: files.url }).from(files)).map((row) => row.url);
      for (const upload of [waiting, later]) {
        expect(urls).toContain(upload.url);
        const copy = await readFile(path.join(target, 'files', upload.key));
        expect(copy.equals(bytes.get(upload.url) ?? Buffer.alloc(0))).toBe(true);
      }
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('backs up a folder no server runs on by opening it; restore refuses a running server', async () => {
    const stopped = path.join(dir, 'stopped');
    const own = await createDatabase({ dataDir: path.join(stopped, 'db') });
    await runMigrations(own);
    const storage = new LocalDiskStorage(path.join(stopped, 'files'));
    const maker = await createUser(own.db);
    const data = await numberedPicture(2001);
    const upload = await storeUpload(
      { db: own.db, storage },
      maker.id,
      'post',
      data,
      's.png',
      'image/png',
    );
    const before = await allRows(own.db);
    await own.close();

    const file = path.join(dir, 'backups', 'stopped.tar.gz');
    const backup = await runAdmin(['backup', file], stopped);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toContain(`Backup written to ${file}`);
    const target = path.join(dir, 'stopped-restored');
    const restore = await runAdmin(['restore', file], target);
    expect(restore.stderr).toBe('');
    const restored = await createDatabase({ dataDir: path.join(target, 'db') });
    try {
      expect(await allRows(restored.db)).toEqual(before);
      const copy = await readFile(path.join(target, 'files', upload.url.slice('/files/'.length)));
      expect(copy.equals(data)).toBe(true);
    } finally {
      await restored.close();
    }

    // The running server's folder: refused before anything is read, even with --force.
    const refused = await runAdmin(['restore', file, '--force'], dataDir);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`a server is running on ${dataDir}`);
  }, 120_000);
});
