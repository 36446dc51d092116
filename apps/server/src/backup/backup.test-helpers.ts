import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows, type TDatabase } from '../db/client';
import { files } from '../db/schema';
import { findServerRoot } from '../paths';
import type { TTestApp } from '../test/test-app';
import { uploadThroughApi } from '../test/uploads';

/** Every row of every table (the app's and drizzle's migration log), as sorted JSON lines per table. */
export async function allRows(db: TDatabase): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`,
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.');
    const found = await queryRows(
      db,
      sql`select * from ${sql.identifier(schema ?? '')}.${sql.identifier(table ?? '')}`,
    );
    rows[name] = found.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

/** Every file under `root` except half-written ones, relative path to bytes. */
export async function filesIn(root: string, dir = ''): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory() && relative !== '.tmp') {
      for (const [key, bytes] of await filesIn(root, relative)) found.set(key, bytes);
    } else if (entry.isFile()) {
      found.set(relative, await readFile(path.join(root, relative)));
    }
  }
  return found;
}

/** The stored-file keys every row names (`/files/<key>` anywhere in its values). */
export function referencedKeys(rows: Record<string, string[]>): Set<string> {
  const keys = new Set<string>();
  const pattern =
    /\/files\/((?:private\/)?[0-9a-f]{2}\/[0-9a-f]{64}(?:\.w\d{2,4})?(?:\.[a-z0-9]{1,16})?)/g;
  for (const lines of Object.values(rows)) {
    for (const line of lines) for (const match of line.matchAll(pattern)) keys.add(match[1] ?? '');
  }
  return keys;
}

/** `npm run admin -- ARGS` as an operator runs it: its own process, DATA_DIR from the environment. */
export async function runAdmin(
  args: string[],
  dataDir: string,
): Promise<{ stdout: string; stderr: string; code: number }> {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir };
  for (const name of Object.keys(env)) {
    if (name === 'DATABASE_URL' || name.startsWith('S3_') || name === 'INIT_CWD') delete env[name];
  }
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join('src', 'cli', 'admin.cli.ts'), ...args],
      { cwd: findServerRoot(), env, maxBuffer: 1 << 24 },
    );
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: number };
    return { stdout: failed.stdout ?? '', stderr: failed.stderr ?? '', code: failed.code ?? 1 };
  }
}

/** A PNG no other call returns, even re-encoded: its width is its number. */
export const numberedPicture = (n: number) =>
  sharp({
    create: { width: 16 + n, height: 12, channels: 3, background: { r: 40, g: 160, b: 90 } },
  })
    .png()
    .toBuffer();

export type TWriteEvent = { kind: 'insert' | 'delete'; n: number; line: string };

/**
 * Writes until stopped, one step after another, as users and the app do: the
 * n-th upload (its bytes stored, then its row), and after every second one the
 * one before it removed as the app removes a file no row names (its row
 * deleted and committed, then its bytes), whose bytes are kept here.
 */
export function startWriter(t: TTestApp, headers: Record<string, string>, userId: number) {
  const events: TWriteEvent[] = [];
  const removedBytes = new Map<string, Buffer>();
  const root = path.join(t.config.dataDir, 'files');
  let stop = false;
  const lineOf = async (n: number) => {
    const [row] = await queryRows(
      t.db,
      sql`select * from public.files where user_id = ${userId} and filename = ${`p${n}.webp`}`,
    );
    return JSON.stringify(row);
  };
  const running = (async () => {
    for (let n = 1; !stop; n++) {
      const data = await numberedPicture(n);
      const res = await uploadThroughApi(t, headers, 'post', { data, name: `p${n}.png` });
      if (res.statusCode !== 200) throw new Error(`upload ${n}: ${res.statusCode} ${res.body}`);
      events.push({ kind: 'insert', n, line: await lineOf(n) });
      if (n % 2 === 0) {
        const line = await lineOf(n - 1);
        const row = JSON.parse(line) as { id: number; url: string; thumbnail: string };
        const keys = [row.url, row.thumbnail].map((url) => url.slice('/files/'.length));
        for (const key of keys) removedBytes.set(key, await readFile(path.join(root, key)));
        await t.db.delete(files).where(eq(files.id, row.id));
        events.push({ kind: 'delete', n: n - 1, line });
        for (const key of keys) await t.storage.delete(key);
      }
    }
  })();
  return {
    events,
    removedBytes,
    /** Resolves once `count` steps are done (rejects if the writer failed). */
    async steps(count: number): Promise<void> {
      while (events.length < count) {
        await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 20))]);
      }
    },
    async stop(): Promise<void> {
      stop = true;
      await running;
    },
  };
}

/** The writer's uploads present after the first `steps` steps. */
export function uploadsAfter(events: TWriteEvent[], steps: number): Map<number, string> {
  const present = new Map<number, string>();
  for (const event of events.slice(0, steps)) {
    if (event.kind === 'insert') present.set(event.n, event.line);
    else present.delete(event.n);
  }
  return present;
}
