import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { TDatabaseHandle } from '../db/client';
import type { TDatabaseFacts } from '../db/embedded-backup';
import { WorkerPool } from '../lib/workers/worker-pool';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  describeManifest,
  type TBackupFile,
  type TManifest,
} from './manifest';
import { TarWriter } from './tar';

export type TBackupSource = {
  /** The embedded database (it must have `holdStill`). */
  database: TDatabaseHandle;
  /** DATA_DIR: the backup's working copies go under DATA_DIR/tmp. */
  dataDir: string;
  /** DATA_DIR/files; absent when the files live in an object store. */
  filesRoot?: string;
};

/** Every file under `root` (its `.tmp` folder of half-written files aside), as relative paths. */
async function filesUnder(root: string, dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(
    (error: { code?: string }) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  const found: string[] = [];
  for (const entry of entries) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory() && relative !== '.tmp')
      found.push(...(await filesUnder(root, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

/**
 * A hard link to every stored file in `staging` (a copy across filesystems).
 * Stored files are never changed in place (written aside, renamed in), so a
 * link keeps the bytes of that moment even if the file is deleted later.
 */
async function linkFiles(root: string, staging: string): Promise<string[]> {
  const keys = await filesUnder(root);
  const linked: string[] = [];
  const made = new Set<string>();
  for (const key of keys) {
    const target = path.join(staging, ...key.split('/'));
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    const source = path.join(root, ...key.split('/'));
    // A file removed since the listing (its rows went before it) is not wanted.
    const gone = await link(source, target).then(
      () => false,
      async (error: { code?: string }) => {
        if (error.code === 'ENOENT') return true;
        if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
        await copyFile(source, target);
        return false;
      },
    );
    if (!gone) linked.push(key);
  }
  return linked.sort();
}

const isSource = import.meta.url.endsWith('.ts');

/**
 * Opens the database copy in memory, which proves it opens, and reads its
 * facts, in a thread of its own: PGlite holds its thread for seconds there.
 * From source the entry is TypeScript (tsx); built, dist/check-copy.worker.js.
 */
async function checkCopy(bytes: Buffer): Promise<TDatabaseFacts> {
  const pool = new WorkerPool<Uint8Array<ArrayBuffer>, TDatabaseFacts>({
    entry: new URL(isSource ? './check-copy.worker.ts' : './check-copy.worker.js', import.meta.url),
    threads: 1,
    timeoutMs: 30 * 60_000,
  });
  const copy = new Uint8Array(bytes);
  try {
    return await pool.run(copy, { transfer: [copy.buffer] });
  } finally {
    await pool.close();
  }
}

async function* hashing(source: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * Writes a backup of the embedded database and the files folder to `file`
 * (ADR 0056), consistent while the server runs: the database's data folder
 * and hard links to the stored files are taken while no statement runs, so
 * every file a row of the snapshot names is in it, and nothing committed
 * later is. The rest (checking the snapshot opens, counting, compressing)
 * happens after the server has gone on.
 */
export async function createBackup(
  source: TBackupSource,
  file: string,
): Promise<{ manifest: TManifest; heldMs: number }> {
  const { database, filesRoot } = source;
  if (!database.holdStill) {
    throw new Error('backups are for the embedded database; use pg_dump for PostgreSQL');
  }
  const staging = path.join(source.dataDir, 'tmp', `backup-${randomUUID()}`);
  const stagedFiles = path.join(staging, 'files');
  const partial = `${file}.${randomUUID().slice(0, 8)}.part`;
  await mkdir(stagedFiles, { recursive: true });
  try {
    const { tar, keys, heldMs } = await database.holdStill(async (tar, heldSince) => {
      const keys = filesRoot ? await linkFiles(filesRoot, stagedFiles) : [];
      return { tar, keys, heldMs: Math.round(performance.now() - heldSince) };
    });
    const createdAt = new Date();
    const dbBytes = Buffer.from(await tar.arrayBuffer());
    const facts = await checkCopy(dbBytes);

    await mkdir(path.dirname(file), { recursive: true });
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(partial, { flags: 'wx' }));
    const writer = new TarWriter(gzip);
    const entries: TBackupFile[] = [];
    try {
      await writer.add('db.tar', dbBytes, createdAt);
      for (const key of keys) {
        const at = path.join(stagedFiles, ...key.split('/'));
        const { size } = await stat(at);
        const hash = createHash('sha256');
        await writer.addStream(
          `files/${key}`,
          size,
          hashing(createReadStream(at), hash),
          createdAt,
        );
        entries.push({ key, size, sha256: hash.digest('hex') });
      }
      const manifest: TManifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: createdAt.toISOString(),
        database: {
          kind: 'pglite',
          size: dbBytes.length,
          sha256: createHash('sha256').update(dbBytes).digest('hex'),
          ...facts,
        },
        files: {
          store: filesRoot ? 'local' : 'object-store',
          count: entries.length,
          bytes: entries.reduce((sum, entry) => sum + entry.size, 0),
          entries,
        },
      };
      await writer.add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)), createdAt);
      await writer.finish();
      await written;
      await rename(partial, file);
      return { manifest, heldMs };
    } catch (error) {
      gzip.destroy();
      await written.catch(() => {});
      throw error;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** A line for the operator: what the archive holds and how long statements waited for it. */
export function describeBackup(backup: { manifest: TManifest; heldMs: number }): string {
  return `${describeManifest(backup.manifest)}; statements waited ${backup.heldMs} ms for the snapshot`;
}

/** The admin channel's answer to `backup FILE`: the archive written, described in a line. */
export function backupOnRequest(source: TBackupSource) {
  return async (request: { file: string }): Promise<string> =>
    describeBackup(await createBackup(source, request.file));
}
