import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { JOB_TIMEOUT_MS, PHOTO } from './ai-page';
import { baseUrl } from './e2e-context';
import { ARTIFACTS_DIR } from './screenshots';
import type { IApiSession } from './session';

/** Where the files land, to be looked at (kept by CI with the screenshots). */
const OUT = join(ARTIFACTS_DIR, 'ai-outputs');

type TJob = {
  id: number;
  state: string;
  resultFiles: string[];
  resultText: string | null;
  errorMessage: string | null;
};

const api = async <T>(session: IApiSession, path: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${session.token}`, ...init.headers },
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
};

const upload = async (session: IApiSession, bytes: Uint8Array, name: string, type: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return api<{ url: string }>(session, '/api/v1/resource/upload?kind=ai', {
    method: 'POST',
    body: form,
  });
};

/** Starts a job through the AI API and waits for it the way a client polls. */
const runJob = async (
  session: IApiSession,
  kind: string,
  params: Record<string, unknown>,
): Promise<TJob> => {
  const created = await api<TJob>(session, '/api/v1/ai/jobs', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind, params }),
  });
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (;;) {
    const job = await api<TJob>(session, `/api/v1/ai/jobs/${created.id}`);
    if (!['queued', 'running'].includes(job.state)) return job;
    if (Date.now() > deadline) throw new Error(`${kind} job ${job.id} still ${job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
};

/** Saves each result file under OUT as `<name>.<ext>` and returns the bytes by extension. */
const keep = async (job: TJob, name: string): Promise<Map<string, Buffer>> => {
  expect(job.state, `${name}: ${job.errorMessage}`).toBe('succeeded');
  const files = new Map<string, Buffer>();
  for (const [index, url] of job.resultFiles.entries()) {
    // The address is signed for its owner (ADR 0051): the extension is before the query.
    const extension = (url.split('?')[0] ?? url).split('.').pop() ?? 'bin';
    const bytes = Buffer.from(await (await fetch(`${baseUrl()}${url}`)).arrayBuffer());
    writeFileSync(
      join(OUT, `${name}${index > 0 && files.has(extension) ? `-${index}` : ''}.${extension}`),
      bytes,
    );
    if (!files.has(extension)) files.set(extension, bytes);
  }
  return files;
};

/** PrusaSlicer's command line (Debian's prusa-slicer; CI installs it). */
const SLICER = process.env.PRUSA_SLICER_PATH || 'prusa-slicer';
const hasSlicer = spawnSync(SLICER, ['--help'], { encoding: 'utf8' }).status === 0;
if (!hasSlicer && process.env.REQUIRE_E2E === '1') {
  throw new Error(
    `${SLICER} is missing: apt-get install -y prusa-slicer (or set PRUSA_SLICER_PATH)`,
  );
}

/** What the slicer reads from a 3MF or STL (`--info`), and whether it slices it to G-code. */
const slice = (file: string) => {
  const info = spawnSync(SLICER, ['--info', file], { encoding: 'utf8', timeout: 60_000 });
  const value = (key: string) => Number(info.stdout.match(new RegExp(`${key} = ([\\d.]+)`))?.[1]);
  const gcode = file.replace(/\.(3mf|stl)$/, '-$1.gcode');
  const run = spawnSync(SLICER, ['--export-gcode', '--output', gcode, file], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return {
    manifold: /manifold = yes/.test(info.stdout),
    size: [value('size_x'), value('size_y'), value('size_z')],
    sliced: run.status === 0 && existsSync(gcode),
  };
};

const pngDpi = (png: Buffer): number | null => {
  const at = png.indexOf('pHYs');
  if (at < 0) return null;
  return Math.round((png.readUInt32BE(at + 4) * 254) / 10_000);
};

/**
 * One file of each kind the local engines make, from the running server with
 * no provider configured (issue 12): written to artifacts/ai-outputs so they
 * can be opened in a slicer, a laser program or a browser, and checked here
 * for what each kind must be. Costs about 26 points (the e2e allowance is 40).
 */
export const makeEveryAiOutput = async (browser: Browser, session: IApiSession): Promise<void> => {
  const images = session;
  const meshes = session;
  mkdirSync(OUT, { recursive: true });
  const photo = readFileSync(PHOTO);
  const source = (await upload(images, photo, 'cat-on-table.jpg', 'image/jpeg')).url;

  // A mask painted in the browser: a white disc over the cat's face on black.
  const page = await browser.newPage();
  const maskBase64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#000';
    context.fillRect(0, 0, 800, 600);
    context.fillStyle = '#fff';
    context.beginPath();
    context.arc(400, 290, 45, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png').split(',')[1] as string;
  });
  await page.close();
  const mask = (await upload(images, Buffer.from(maskBase64, 'base64'), 'mask.png', 'image/png'))
    .url;

  const cutout = await runJob(images, 'remove_background', { imageUrl: source });
  const cutoutPng = (await keep(cutout, 'remove-background')).get('png') as Buffer;
  expect(cutoutPng.subarray(1, 4).toString()).toBe('PNG');

  await keep(await runJob(images, 'erase', { imageUrl: source, maskUrl: mask }), 'erase');

  const mono = (
    await keep(
      await runJob(images, 'vectorize', { imageUrl: source, mode: 'mono', widthMm: 120 }),
      'vectorize-mono',
    )
  ).get('svg') as Buffer;
  const colour = (
    await keep(
      await runJob(images, 'vectorize', { imageUrl: source, mode: 'color', colors: 6 }),
      'vectorize-colour',
    )
  ).get('svg') as Buffer;
  for (const svg of [mono.toString(), colour.toString()]) {
    expect(svg).toMatch(/<svg[^>]+width="[\d.]+mm"[^>]+viewBox=/);
    expect(svg).not.toMatch(/<text|<image/);
  }
  expect(mono.toString()).toMatch(/width="120mm"/);

  const laser = (
    await keep(
      await runJob(images, 'laser_image', { imageUrl: source, widthMm: 50, dpi: 254 }),
      'laser-dither',
    )
  ).get('png') as Buffer;
  expect(pngDpi(laser)).toBe(254);
  // 50 mm at 254 DPI is 500 pixels wide.
  expect(laser.readUInt32BE(16)).toBe(500);
  // 1-bit: colour type 0 (grey) at bit depth 1.
  expect([laser[24], laser[25]]).toEqual([1, 0]);

  const uv = await runJob(images, 'laser_image', { imageUrl: source, target: 'uv', colors: 5 });
  const uvFiles = await keep(uv, 'uv-posterised');
  expect(uv.resultFiles).toHaveLength(2);
  expect(uvFiles.get('png')).toBeDefined();

  const logo = await runJob(images, 'text_to_logo', {
    text: '枫木工坊 Maple',
    icon: 'leaf',
    count: 2,
  });
  const logoSvg = (await keep(logo, 'logo')).get('svg') as Buffer;
  expect(logo.resultFiles).toHaveLength(2);
  expect(logoSvg.toString()).not.toMatch(/<text/);
  expect(logoSvg.toString()).toMatch(/stroke="#ff0000"|stroke="#f00"/i);

  const prompt = await runJob(images, 'prompt_optimize', {
    prompt: '一只猫',
    machine: 'laser',
    locale: 'zh',
  });
  expect(prompt.state).toBe('succeeded');
  expect((prompt.resultText ?? '').length).toBeGreaterThan('一只猫'.length);
  writeFileSync(join(OUT, 'prompt-optimize.txt'), prompt.resultText ?? '');

  // Meshes, in millimetres, as STL, 3MF and GLB.
  const meshSource = source;
  const cases = [
    ['relief-3d', 'relief_3d', { imageUrl: meshSource, widthMm: 80, resolution: 200 }],
    ['lithophane', 'lithophane', { imageUrl: meshSource, shape: 'curved', resolution: 200 }],
    ['cookie-cutter', 'cookie_cutter', { imageUrl: meshSource, widthMm: 70, resolution: 200 }],
  ] as const;
  for (const [name, kind, params] of cases) {
    const files = await keep(await runJob(meshes, kind, params), name);
    const stl = files.get('stl') as Buffer;
    // Binary STL: 80-byte header, a triangle count, 50 bytes a triangle.
    expect(stl.length).toBe(84 + stl.readUInt32LE(80) * 50);
    expect(stl.readUInt32LE(80)).toBeGreaterThan(100);
    const threeMf = files.get('3mf') as Buffer;
    expect(threeMf.subarray(0, 2).toString()).toBe('PK');
    expect(threeMf.includes(Buffer.from('3D/3dmodel.model'))).toBe(true);
    const glb = files.get('glb') as Buffer;
    expect(glb.subarray(0, 4).toString()).toBe('glTF');
    // A slicer opens the 3MF and the STL, finds each manifold and slices it (DESIGN 5).
    for (const extension of hasSlicer ? ['3mf', 'stl'] : []) {
      const sliced = slice(join(OUT, `${name}.${extension}`));
      expect(sliced.manifold, `${name}.${extension}: manifold`).toBe(true);
      expect(sliced.sliced, `${name}.${extension}: sliced`).toBe(true);
      if (kind === 'relief_3d') {
        // 80 mm wide as asked; 2 mm base + 3 mm relief high.
        expect(sliced.size[0]).toBeCloseTo(80, 1);
        expect(sliced.size[2]).toBeCloseTo(5, 1);
      }
    }
  }
};
