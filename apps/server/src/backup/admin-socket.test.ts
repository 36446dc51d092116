import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSocketPaths, askServer, ensureNoServerOn, listenAdminSocket } from './admin-socket';

/** ADR 0056: the running server's admin channel, found by the CLI from DATA_DIR alone. */
const quiet = { error: () => {} };
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'layerline-socket-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('admin socket', () => {
  it('answers in DATA_DIR, refuses a second server, and is gone once closed', async () => {
    const dataDir = path.join(dir, 'short');
    await mkdir(dataDir);
    const requests: string[] = [];
    const socket = await listenAdminSocket(
      dataDir,
      async (request) => {
        requests.push(request.file);
        return 'written';
      },
      quiet,
    );
    try {
      expect(socket.path).toBe(path.join(dataDir, 'admin.sock'));
      expect(await askServer(dataDir, { command: 'ping' })).toEqual({
        ok: true,
        summary: 'running',
      });
      expect(await askServer(dataDir, { command: 'backup', file: '/x.tar.gz' })).toEqual({
        ok: true,
        summary: 'written',
      });
      expect(requests).toEqual(['/x.tar.gz']);
      await expect(ensureNoServerOn(dataDir)).rejects.toThrow(/another Layerline server/);
      await expect(listenAdminSocket(dataDir, async () => '', quiet)).rejects.toThrow(
        /another Layerline server/,
      );
    } finally {
      await socket.close();
    }
    expect(existsSync(socket.path)).toBe(false);
    expect(await askServer(dataDir, { command: 'ping' })).toBeUndefined();
    await ensureNoServerOn(dataDir);
  });

  it('listens in the temp folder when DATA_DIR is too long for a socket, and is found there', async () => {
    const dataDir = path.join(
      dir,
      'a-data-folder-whose-path-is-longer-than-a-unix-socket-path-may-be'.repeat(2),
    );
    await mkdir(dataDir);
    expect(adminSocketPaths(dataDir)).toHaveLength(1);
    const socket = await listenAdminSocket(dataDir, async () => 'written', quiet);
    try {
      expect(socket.path.startsWith(tmpdir())).toBe(true);
      expect(await askServer(dataDir, { command: 'ping' })).toEqual({
        ok: true,
        summary: 'running',
      });
      await expect(ensureNoServerOn(dataDir)).rejects.toThrow(/another Layerline server/);
    } finally {
      await socket.close();
    }
  });
});
