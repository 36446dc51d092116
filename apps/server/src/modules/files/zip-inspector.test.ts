import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { buildZip, renameEntry, type TZipEntry, zeros } from '../../test/zips';
import { inspectZip, type TZipLimits, ZIP_LIMITS } from './zip-inspector';

let dir: string;
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'layerline-zip-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function inspect(data: Buffer, limits: Partial<TZipLimits> = {}) {
  n += 1;
  const file = path.join(dir, `archive-${n}.zip`);
  await writeFile(file, data);
  return inspectZip(file, dir, { ...ZIP_LIMITS, ...limits });
}

async function refusal(data: Buffer, limits: Partial<TZipLimits> = {}): Promise<string> {
  try {
    await inspect(data, limits);
  } catch (error) {
    if (error instanceof AppError) return error.messageKey;
    throw error;
  }
  throw new Error('the archive was accepted');
}

const files = (count: number): TZipEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    name: `part-${i}.stl`,
    data: Buffer.from(`solid ${i}`),
  }));

describe('inspectZip', () => {
  it('accepts an ordinary archive and tells a 3MF package apart', async () => {
    const plain = await inspect(await buildZip(files(3)));
    expect(plain).toEqual({ entries: 3, totalBytes: 21, is3mf: false });
    const package3mf = await buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: '3D/3dmodel.model', data: Buffer.from('<model unit="millimeter"/>') },
    ]);
    expect((await inspect(package3mf)).is3mf).toBe(true);
  });

  it('refuses a highly compressed entry (ratio over 100:1)', async () => {
    const bomb = await buildZip([{ name: 'zeros.bin', stream: () => zeros(20 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await refusal(bomb)).toBe('zipBomb');
  });

  it('refuses more unpacked bytes than the total allows', async () => {
    const data = await buildZip([
      { name: 'noise.bin', data: Buffer.alloc(4096, 7), compress: false },
    ]);
    expect(await refusal(data, { maxTotalBytes: 4095 })).toBe('zipBomb');
    await expect(inspect(data, { maxTotalBytes: 4096 })).resolves.toMatchObject({ entries: 1 });
  });

  it('refuses too many entries', async () => {
    const data = await buildZip(files(6));
    expect(await refusal(data, { maxEntries: 5 })).toBe('zipTooManyEntries');
  });

  it('refuses names that climb out of the folder', async () => {
    for (const name of ['../evil.sh', '/etc/passwd']) {
      const placeholder = 'a'.repeat(name.length);
      const zip = renameEntry(
        await buildZip([{ name: placeholder, data: Buffer.from('x') }]),
        placeholder,
        name,
      );
      expect(await refusal(zip)).toBe('zipUnsafePath');
    }
    const deep = renameEntry(
      await buildZip([{ name: 'models/aa/aa/evil.txt', data: Buffer.from('x') }]),
      'models/aa/aa/evil.txt',
      'models/../../evil.txt',
    );
    expect(await refusal(deep)).toBe('zipUnsafePath');
  });

  it('refuses executables inside, by content or by name', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)]);
    expect(await refusal(await buildZip([{ name: 'readme.txt', data: elf }]))).toBe(
      'uploadExecutable',
    );
    const script = Buffer.from('#!/bin/sh\nrm -rf ~\n');
    expect(await refusal(await buildZip([{ name: 'notes.md', data: script }]))).toBe(
      'uploadExecutable',
    );
    expect(await refusal(await buildZip([{ name: 'setup.exe', data: Buffer.from('x') }]))).toBe(
      'uploadExecutable',
    );
  });

  it('looks inside nested archives, within the same budget, and cleans up', async () => {
    const inner = await buildZip([{ name: 'tool.bin', data: Buffer.from([0x4d, 0x5a, 0, 0]) }]);
    expect(await refusal(await buildZip([{ name: 'inner.zip', data: inner }]))).toBe(
      'uploadExecutable',
    );
    const safe = await buildZip([{ name: 'a.3mf', data: await buildZip(files(2)) }]);
    expect(await inspect(safe)).toMatchObject({ entries: 3 });
    const level2 = await buildZip([{ name: 'b.zip', data: safe }]);
    expect(await refusal(level2, { maxNesting: 1 })).toBe('zipBomb');
    const bombInside = await buildZip([
      {
        name: 'inner.zip',
        data: await buildZip([{ name: 'z', stream: () => zeros(8 * 1024 * 1024) }]),
        compress: false,
      },
    ]);
    expect(await refusal(bombInside)).toBe('zipBomb');
    const left = (await readdir(dir)).filter((name) => !name.startsWith('archive-'));
    expect(left).toEqual([]);
  });

  it('refuses what is not a ZIP at all', async () => {
    expect(await refusal(Buffer.from('PK\u0003\u0004 but then nothing'))).toBe('zipInvalid');
  });
});
