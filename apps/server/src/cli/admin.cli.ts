import path from 'node:path';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { ensureNoServerOn } from '../backup/admin-socket';
import { ConfigError, callerDir, loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { isAppError } from '../http/app-error';
import { adminGrantPoints, parsePointsDelta } from '../modules/points';
import { createOrPromote } from '../modules/users';
import { BACKUP_USAGE, backupCommand, restoreCommand } from './backup.cli';

const USAGE = `Usage: npm run admin -- create EMAIL [--password PASSWORD] [--role admin|moderator]

Creates the account with that role, or gives an existing account the role
(and the password, when one is given). Without --password a new account gets
a generated password, printed once. Reads the same environment as the server
(DATABASE_URL or DATA_DIR); with the embedded database, stop the server first
(the command refuses while one runs on DATA_DIR).

       npm run admin -- points EMAIL +N --reason "why"

Adds N points to the account (or takes them away with -N, never below 0),
written to the points ledger with the reason.

${BACKUP_USAGE}`;

const out = (text: string) => process.stdout.write(`${text}\n`);
const fail = (text: string): never => {
  process.stderr.write(`${text}\n`);
  process.exit(1);
};

function problemOf(error: unknown): string {
  if (error instanceof ZodError) {
    const [issue] = error.issues;
    return issue?.message === 'emailFormat'
      ? 'EMAIL is not a valid e-mail address'
      : 'the password must be 8 to 20 characters';
  }
  return error instanceof Error ? error.message : String(error);
}

async function openDatabase() {
  // npm runs workspace scripts in apps/server; relative paths mean the caller's folder.
  const config = loadConfig(process.env, callerDir(process.env));
  // Two processes on one embedded database corrupt it (ADR 0056).
  if (!config.databaseUrl) await ensureNoServerOn(config.dataDir);
  const database = await createDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: path.join(config.dataDir, 'db'),
  });
  await runMigrations(database);
  return database;
}

/** `points EMAIL +N --reason "..."`; N may be negative, so it is read before parseArgs. */
async function points(args: string[]): Promise<void> {
  const [email, amount, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { reason: { type: 'string' } },
  });
  const delta = parsePointsDelta(amount ?? '');
  if (!email || delta === null || positionals.length > 0) return void fail(USAGE);
  const reason = values.reason?.trim();
  if (!reason) return void fail('--reason is required');
  const database = await openDatabase();
  try {
    const result = await adminGrantPoints(database.db, { email, delta, reason });
    out(
      `${delta > 0 ? '+' : ''}${delta} points for ${result.email} (id ${result.userId}); balance ${result.balance}.`,
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === 'points') return points(process.argv.slice(3));
  const backupOrRestore = { backup: backupCommand, restore: restoreCommand }[process.argv[2] ?? ''];
  if (backupOrRestore) {
    const cwd = callerDir(process.env);
    const config = loadConfig(process.env, cwd);
    return backupOrRestore(process.argv.slice(3), config, cwd, { out, fail });
  }
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      password: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, email, ...rest] = positionals;
  if (values.help) return void out(USAGE);
  if (command !== 'create' || !email || rest.length > 0) return void fail(USAGE);
  const role = values.role;
  if (role !== 'admin' && role !== 'moderator')
    return void fail('--role must be admin or moderator');

  const database = await openDatabase();
  try {
    const result = await createOrPromote(database.db, { email, password: values.password, role });
    out(
      `${result.action === 'created' ? 'Created' : 'Updated'} ${result.email} (id ${result.userId}) with role ${result.role}.`,
    );
    if (result.generatedPassword) out(`Password: ${result.generatedPassword}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(error.message);
  if (isAppError(error) && error.messageKey === 'insufficientPoints') {
    fail('admin: the balance would go below 0; nothing was changed');
  }
  if (isAppError(error) && error.messageKey === 'emailNotFound') {
    fail('admin: no account has this e-mail');
  }
  fail(`admin: ${problemOf(error)}`);
});
