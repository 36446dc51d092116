import path from 'node:path';
import { parseArgs } from 'node:util';
import { askServer } from '../backup/admin-socket';
import { createBackup, describeBackup } from '../backup/backup';
import { describeManifest } from '../backup/manifest';
import { restoreBackup } from '../backup/restore';
import type { TConfig } from '../config';
import { createDatabase } from '../db/client';

/**
 * `backup FILE` and `restore FILE [--force]` of the admin CLI (ADR 0056),
 * for the embedded database and DATA_DIR/files. PostgreSQL and S3 have
 * their own tools (README "Backups").
 */
export const BACKUP_USAGE = `       npm run admin -- backup FILE

Writes the embedded database and DATA_DIR/files to FILE (a .tar.gz with a
manifest of counts and checksums). While the server runs it asks the server,
which takes the snapshot without stopping; otherwise it opens DATA_DIR itself.

       npm run admin -- restore FILE [--force]

Restores FILE into DATA_DIR, which must be empty (--force sets its db/ and
files/ aside in DATA_DIR/before-restore-<time>/). Every checksum is verified
before anything is moved into place. Stop the server first; start it after.
`;

type TOut = { out: (text: string) => void; fail: (text: string) => never };

function refuseServerDatabase(config: TConfig, io: TOut, tool: string): void {
  if (config.databaseUrl) {
    io.fail(
      `admin: DATABASE_URL is set; back up PostgreSQL with ${tool} and the object store with its own tools (README "Backups")`,
    );
  }
}

export async function backupCommand(
  args: string[],
  config: TConfig,
  cwd: string,
  io: TOut,
): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [target, ...rest] = positionals;
  if (!target || rest.length > 0) return void io.fail(BACKUP_USAGE);
  refuseServerDatabase(config, io, 'pg_dump');
  const file = path.resolve(cwd, target);
  const answer = await askServer(config.dataDir, { command: 'backup', file });
  if (answer) {
    if (!answer.ok) return void io.fail(`admin: the server could not back up: ${answer.error}`);
    return void io.out(`Backup written by the running server to ${file}: ${answer.summary}.`);
  }
  const database = await createDatabase({ dataDir: path.join(config.dataDir, 'db') });
  try {
    const backup = await createBackup(
      {
        database,
        dataDir: config.dataDir,
        filesRoot: config.s3 ? undefined : path.join(config.dataDir, 'files'),
      },
      file,
    );
    io.out(`Backup written to ${file}: ${describeBackup(backup)}.`);
  } finally {
    await database.close();
  }
}

export async function restoreCommand(
  args: string[],
  config: TConfig,
  cwd: string,
  io: TOut,
): Promise<void> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: 'boolean' } },
  });
  const [source, ...rest] = positionals;
  if (!source || rest.length > 0) return void io.fail(BACKUP_USAGE);
  refuseServerDatabase(config, io, 'pg_restore');
  // A running server would keep its own database open over the restored one.
  const running = await askServer(config.dataDir, { command: 'ping' });
  if (running)
    return void io.fail(`admin: a server is running on ${config.dataDir}; stop it first`);
  const result = await restoreBackup({
    file: path.resolve(cwd, source),
    dataDir: config.dataDir,
    force: values.force,
  });
  io.out(`Restored into ${config.dataDir}: ${describeManifest(result.manifest)}.`);
  if (result.setAside) io.out(`The former db/ and files/ are in ${result.setAside}.`);
  if (result.manifest.files.store === 'object-store') {
    io.out('The files were in the object store when the backup was taken; restore them there.');
  }
}
