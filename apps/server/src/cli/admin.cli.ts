import path from 'node:path';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createOrPromote } from '../modules/users/admin-account';

const USAGE = `Usage: npm run admin -- create EMAIL [--password PASSWORD] [--role admin|moderator]

Creates the account with that role, or gives an existing account the role
(and the password, when one is given). Without --password a new account gets
a generated password, printed once. Reads the same environment as the server
(DATABASE_URL or DATA_DIR); with the embedded database, stop the server first.
`;

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

async function main(): Promise<void> {
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

  // npm runs workspace scripts in apps/server; relative paths mean the caller's folder.
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
  });
  try {
    await runMigrations(database);
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
  fail(`admin: ${problemOf(error)}`);
});
