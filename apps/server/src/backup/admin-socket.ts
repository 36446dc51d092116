import { createHash } from 'node:crypto';
import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The running server's local admin channel (ADR 0056): a Unix socket in
 * DATA_DIR, readable by the data folder's owner alone, on which
 * `npm run admin` asks the process that holds the embedded database to do
 * what only it can (a backup while it runs). Whoever may open it may read
 * DATA_DIR anyway; nothing listens on the network.
 */
export const ZAdminRequest = z.discriminatedUnion('command', [
  /** Answered by any running server: is one there? */
  z.object({ command: z.literal('ping') }),
  z.object({
    command: z.literal('backup'),
    /** Absolute path of the archive to write. */
    file: z.string().min(1),
  }),
]);
export type TAdminRequest = z.infer<typeof ZAdminRequest>;
type TBackupRequest = Extract<TAdminRequest, { command: 'backup' }>;
export type TAdminAnswer = { ok: true; summary: string } | { ok: false; error: string };

/** Unix socket paths hold at most 107 bytes. */
const SOCKET_PATH_MAX = 100;

/**
 * Where the admin channel may listen, in the order tried: DATA_DIR/admin.sock,
 * then one in the temp folder named by a hash of DATA_DIR (a path too long
 * for a socket, or a filesystem that holds none); a named pipe on Windows.
 */
export function adminSocketPaths(dataDir: string): string[] {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return [`\\\\.\\pipe\\layerline-admin-${id}`];
  const inDataDir = path.join(path.resolve(dataDir), 'admin.sock');
  const inTemp = path.join(tmpdir(), `layerline-admin-${id}.sock`);
  return Buffer.byteLength(inDataDir) <= SOCKET_PATH_MAX ? [inDataDir, inTemp] : [inTemp];
}

/** One line of JSON each way, then the socket closes. */
function readLine(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end !== -1) resolve(text.slice(0, end));
      if (text.length > 1 << 20) socket.destroy(new Error('admin request too long'));
    });
    socket.once('error', reject);
    socket.once('end', () => reject(new Error('the admin channel closed without an answer')));
  });
}

/**
 * Sends a request to the server running on `dataDir`; undefined when none
 * listens there (no socket, or a stale one left by a stopped server).
 */
export async function askServer(
  dataDir: string,
  request: TAdminRequest,
): Promise<TAdminAnswer | undefined> {
  for (const file of adminSocketPaths(dataDir)) {
    const answer = await askAt(file, request);
    if (answer) return answer;
  }
  return undefined;
}

function askAt(file: string, request: TAdminRequest): Promise<TAdminAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(file);
    socket.once('connect', () => {
      socket.write(`${JSON.stringify(request)}\n`);
      readLine(socket).then((line) => {
        socket.end();
        resolve(JSON.parse(line) as TAdminAnswer);
      }, reject);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
}

/** Whether a server answers on the socket at `file`. */
function answers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(file);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Throws when a server answers on DATA_DIR's admin socket: two processes on
 * one embedded database would corrupt it, so the second must not open it.
 */
export async function ensureNoServerOn(dataDir: string): Promise<void> {
  const answering = await Promise.all(adminSocketPaths(dataDir).map(answers));
  if (answering.includes(true)) {
    throw new Error(`another Layerline server is running on ${path.resolve(dataDir)}`);
  }
}

export type TAdminSocket = { path: string; close(): Promise<void> };

/**
 * Listens on DATA_DIR's admin socket. Refuses to start when another server
 * answers there: two processes on one embedded database would corrupt it.
 */
export async function listenAdminSocket(
  dataDir: string,
  handle: (request: TBackupRequest) => Promise<string>,
  log: { error(object: object, message: string): void },
): Promise<TAdminSocket> {
  await ensureNoServerOn(dataDir);
  const server = createServer((socket) => {
    socket.on('error', () => {});
    readLine(socket)
      .then(async (line): Promise<TAdminAnswer> => {
        const request = ZAdminRequest.parse(JSON.parse(line));
        if (request.command === 'ping') return { ok: true, summary: 'running' };
        return { ok: true, summary: await handle(request) };
      })
      .catch((error: unknown): TAdminAnswer => {
        log.error({ err: error }, 'admin request failed');
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      })
      .then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
  });
  let file: string | undefined;
  let problem: unknown;
  for (const candidate of adminSocketPaths(dataDir)) {
    try {
      if (process.platform !== 'win32') await rm(candidate, { force: true });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(candidate, () => {
          server.off('error', reject);
          resolve();
        });
      });
      file = candidate;
      break;
    } catch (error) {
      problem = error;
    }
  }
  // Without the channel a backup would open the database beside the server: no start.
  if (!file) throw problem;
  if (process.platform !== 'win32') await chmod(file, 0o600);
  const listening = file;
  return {
    path: listening,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (process.platform !== 'win32') await rm(listening, { force: true });
    },
  };
}
