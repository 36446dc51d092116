import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZTextToLogoParams } from '@layerline/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../files';
import { createEnginePool, poolRunner, type TEnginePool } from './engine-pool';
import { engineReply, type TEngineTaskOutput } from './image-engine.tasks';
import { RunTimes } from './progress-pace';

/**
 * ADR 0057: an engine's result crosses from its thread to the event loop
 * transferred, not copied, and hashed in the thread, so storing a 100 MB
 * mesh costs the event loop neither a copy nor its SHA-256.
 */
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe("an engine's result leaves its thread without a copy (ADR 0057)", () => {
  it('the reply transfers every file in a buffer of its own, with its hash', () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    // Small Buffers share Node's pooled ArrayBuffer: transferring that would detach the others.
    const small = Buffer.from('solid ascii\nendsolid\n');
    expect(small.byteLength).toBeLessThan(small.buffer.byteLength);
    const { output, transfer } = engineReply({
      files: [
        { filename: 'a.stl', mime: 'model/stl', data: big },
        { filename: 'b.stl', mime: 'model/stl', data: small },
      ],
      text: 'done',
    });
    expect(output.text).toBe('done');
    expect(transfer).toHaveLength(2);
    for (const [k, file] of output.files.entries()) {
      expect(file.data.byteOffset).toBe(0);
      expect(file.data.byteLength).toBe(file.data.buffer.byteLength);
      expect(transfer[k]).toBe(file.data.buffer);
      expect(file.sha256).toBe(sha256(file.data));
    }
    // The big file is handed over as it is; only the small one was copied.
    expect(output.files[0]?.data.buffer).toBe(big.buffer);
    expect(output.files[1]?.data.buffer).not.toBe(small.buffer);
    expect(Buffer.from(output.files[1]?.data ?? []).equals(small)).toBe(true);
  });

  it('the runner wraps what the thread sent and keeps its hash, without copying it', async () => {
    const data = new Uint8Array(2 * 1024 * 1024).fill(3);
    const answer: TEngineTaskOutput = {
      files: [{ filename: 'r.stl', mime: 'model/stl', data, sha256: sha256(data) }],
    };
    const pool = { run: async () => answer } as unknown as Pick<TEnginePool, 'run'>;
    const run = poolRunner(pool, { runTimes: new RunTimes({}), tickMs: 3_600_000 });
    const result = await run(
      { task: 'text_to_logo', options: ZTextToLogoParams.parse({ text: 'x' }) },
      new AbortController().signal,
    );
    const file = result.files[0];
    expect(file?.data.buffer).toBe(data.buffer);
    expect(file?.sha256).toBe(sha256(data));
  });

  it('a real engine thread answers with transferred, hashed files', async () => {
    const pool = createEnginePool(1);
    try {
      const result = await poolRunner(pool, { runTimes: new RunTimes({}), tickMs: 3_600_000 })(
        { task: 'text_to_logo', options: ZTextToLogoParams.parse({ text: 'Layerline' }) },
        new AbortController().signal,
      );
      expect(result.files.length).toBeGreaterThan(0);
      for (const file of result.files) {
        expect(file.sha256).toBe(sha256(file.data));
        // Received in a buffer of its own: the thread transferred it.
        expect(file.data.byteLength).toBe(file.data.buffer.byteLength);
      }
    } finally {
      await pool.close();
    }
  });
});

describe('storage takes a hash given by a worker thread (ADR 0057)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('stores under the given hash instead of hashing the bytes again', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'layerline-transfer-'));
    dirs.push(dir);
    const storage = new LocalDiskStorage(dir);
    const data = Buffer.from('a mesh');
    const given = 'ab'.repeat(32);
    const stored = await storage.put(data, { filename: 'm.stl', mime: 'model/stl', sha256: given });
    expect(stored.sha256).toBe(given);
    const hashed = await storage.put(data, { filename: 'm.stl', mime: 'model/stl' });
    expect(hashed.sha256).toBe(sha256(data));
  });
});
