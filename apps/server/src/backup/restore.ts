import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { knownMigrations, loadDataDirTar } from '../db/embedded-backup';
import { type TManifest, ZFileKey, ZManifest } from './manifest';
import { readTar, type TTarEntryReader } from './tar';

export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

type TRead = {
  manifest?: TManifest;
  db?: { bytes: Buffer; sha256: string };
  files: Map<string, { size: number; sha256: string }>;
};

function collect(onEnd: (bytes: Buffer) => void, max = Number.POSITIVE_INFINITY): TTarEntryReader {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    data: (chunk) => {
      size += chunk.length;
      if (size > max) throw new RestoreError('the manifest is too large');
      chunks.push(Buffer.from(chunk));
    },
    end: () => onEnd(Buffer.concat(chunks)),
  };
}

function toFile(target: string, onEnd: (sha256: string) => void): TTarEntryReader {
  let out: WriteStream | undefined;
  const hash = createHash('sha256');
  const opened = mkdir(path.dirname(target), { recursive: true }).then(() => {
    out = createWriteStream(target, { flags: 'wx' });
  });
  return {
    data: async (chunk) => {
      await opened;
      hash.update(chunk);
      if (out && !out.write(chunk)) await once(out, 'drain');
    },
    end: async () => {
      await opened;
      await new Promise<void>((resolve, reject) => {
        out?.once('error', reject);
        out?.end(resolve);
      });
      onEnd(hash.digest('hex'));
    },
  };
}

/** Reads the archive into `staging` (files) and memory (database, manifest). */
async function readArchive(file: string, staging: string): Promise<TRead> {
  const read: TRead = { files: new Map() };
  const source = createReadStream(file).pipe(createGunzip());
  await readTar(source, (name, size) => {
    if (name === 'manifest.json') {
      return collect((bytes) => {
        read.manifest = ZManifest.parse(JSON.parse(bytes.toString('utf8')));
      }, MANIFEST_MAX_BYTES);
    }
    if (name === 'db.tar') {
      return collect((bytes) => {
        read.db = { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
      });
    }
    const key = name.startsWith('files/') ? name.slice('files/'.length) : '';
    if (!ZFileKey.safeParse(key).success || read.files.has(key)) {
      throw new RestoreError(`the archive holds an unexpected entry: ${name}`);
    }
    return toFile(path.join(staging, 'files', ...key.split('/')), (sha256) => {
      read.files.set(key, { size, sha256 });
    });
  });
  return read;
}

/** Every checksum and count of the manifest against what the archive held. */
function verify(read: TRead): { manifest: TManifest; db: Buffer } {
  const { manifest, db } = read;
  if (!manifest) throw new RestoreError('the archive has no manifest.json: not a Layerline backup');
  if (!db) throw new RestoreError('the archive has no db.tar');
  if (db.sha256 !== manifest.database.sha256 || db.bytes.length !== manifest.database.size) {
    throw new RestoreError('db.tar does not match its checksum in the manifest');
  }
  const listed = new Set(manifest.files.entries.map((entry) => entry.key));
  for (const entry of manifest.files.entries) {
    const found = read.files.get(entry.key);
    if (!found) throw new RestoreError(`files/${entry.key} is missing from the archive`);
    if (found.sha256 !== entry.sha256 || found.size !== entry.size) {
      throw new RestoreError(`files/${entry.key} does not match its checksum in the manifest`);
    }
  }
  for (const key of read.files.keys()) {
    if (!listed.has(key)) throw new RestoreError(`files/${key} is not in the manifest`);
  }
  const known = knownMigrations();
  if (manifest.database.migrations > known.count) {
    throw new RestoreError(
      `the backup's database has ${manifest.database.migrations} migrations and this Layerline knows ${known.count}: restore it with the version that made it, or a newer one`,
    );
  }
  return { manifest, db: db.bytes };
}

/** The entries of `dir` (none when it does not exist). */
const entriesOf = (dir: string) =>
  readdir(dir).catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });

export type TRestoreResult = {
  manifest: TManifest;
  /** With --force: where the data folder's former db/ and files/ were moved. */
  setAside?: string;
};

/**
 * Restores a backup into `dataDir` (ADR 0056): refused when the folder holds
 * anything, unless `force`. The archive is read into a folder beside the
 * target, every checksum and the table counts are verified and the database
 * opened once there; only then are db/ and files/ moved into place (with
 * `force`, the former ones are moved aside first, never deleted).
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  force?: boolean;
}): Promise<TRestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const existing = await entriesOf(dataDir);
  if (existing.length > 0 && !options.force) {
    throw new RestoreError(
      `${dataDir} is not empty; restore into a new folder, or pass --force to set its db/ and files/ aside`,
    );
  }
  const staging = path.join(dataDir, `.restore-${randomUUID()}`);
  await mkdir(staging, { recursive: true });
  try {
    const { manifest, db } = verify(await readArchive(options.file, staging));
    const facts = await loadDataDirTar(new Blob([new Uint8Array(db)]), path.join(staging, 'db'));
    if (JSON.stringify(facts.tables) !== JSON.stringify(manifest.database.tables)) {
      throw new RestoreError('the restored database does not hold the rows the manifest counts');
    }
    await mkdir(path.join(staging, 'files'), { recursive: true });
    let setAside: string | undefined;
    const replaced = existing.filter((name) => name === 'db' || name === 'files');
    if (replaced.length > 0) {
      setAside = path.join(
        dataDir,
        `before-restore-${new Date().toISOString().replace(/:/g, '-')}`,
      );
      await mkdir(setAside);
      for (const name of replaced)
        await rename(path.join(dataDir, name), path.join(setAside, name));
    }
    await rename(path.join(staging, 'db'), path.join(dataDir, 'db'));
    await rename(path.join(staging, 'files'), path.join(dataDir, 'files'));
    return { manifest, setAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
