import { z } from 'zod';

/**
 * manifest.json, the last entry of a backup archive (ADR 0056): what the
 * archive holds and the checksums a restore verifies before it writes
 * anything into place.
 */
export const BACKUP_FORMAT = 'layerline-backup';
export const BACKUP_VERSION = 1;

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * A stored file's path under DATA_DIR/files: plain segments of letters,
 * digits, dots, dashes and underscores, never `.` or `..`, so no entry of an
 * archive can be written outside the folder it is restored into.
 */
export const ZFileKey = z
  .string()
  .max(240)
  .refine(
    (key) =>
      key
        .split('/')
        .every((part) => /^[A-Za-z0-9._-]{1,128}$/.test(part) && part !== '.' && part !== '..'),
    'not a stored file path',
  );

export const ZManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  database: z.object({
    kind: z.literal('pglite'),
    /** db.tar: the embedded database's data folder. */
    size: z.number().int().min(0),
    sha256: ZSha256,
    /** Migrations applied (drizzle's log) and the newest one's journal time. */
    migrations: z.number().int().min(0),
    lastMigrationAt: z.number().nullable(),
    /** Row count of every table, `schema.table`. */
    tables: z.record(z.string(), z.number().int().min(0)),
  }),
  files: z.object({
    /** `object-store`: the files live in S3 and are not in the archive. */
    store: z.enum(['local', 'object-store']),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    entries: z.array(z.object({ key: ZFileKey, size: z.number().int().min(0), sha256: ZSha256 })),
  }),
});

export type TManifest = z.infer<typeof ZManifest>;
export type TBackupFile = TManifest['files']['entries'][number];

/** One line for a person: what a backup holds. */
export function describeManifest(manifest: TManifest): string {
  const rows = Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0);
  const files =
    manifest.files.store === 'local'
      ? `${manifest.files.count} files (${manifest.files.bytes} bytes)`
      : 'no files (they live in the object store)';
  return `${rows} rows in ${Object.keys(manifest.database.tables).length} tables at migration ${manifest.database.migrations}, ${files}, taken ${manifest.createdAt}`;
}
