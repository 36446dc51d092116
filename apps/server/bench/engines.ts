import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable } from './stats';

/**
 * `npm run bench -- --engines` (issue 12): each local image engine on a
 * 1-megapixel photo-like picture, every case in a fresh process so its peak
 * memory (max RSS) is its own. "first" includes loading the engine (model,
 * WebAssembly); "again" is the median of the next runs in the same process.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const say = (line: string) => process.stdout.write(`${line}\n`);

export const ENGINE_CASES = [
  'remove_background',
  'remove_background:fast',
  'erase',
  'vectorize:mono',
  'vectorize:color',
  'laser_image:floyd-steinberg',
  'laser_image:halftone',
  'laser_image:lineart',
  'laser_image:uv',
  'relief_3d:1000',
  'relief_3d:400',
  'lithophane:flat',
  'lithophane:curved',
  'cookie_cutter:400',
  'cookie_cutter:1000',
  'text_to_logo:4-variants',
  'prompt_optimize:laser',
] as const;

export type TEngineCaseResult = {
  name: string;
  firstMs: number;
  againMs: number;
  maxRssMiB: number;
  output: string;
};

function runCase(name: string): Promise<TEngineCaseResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'engine-case.ts'), name],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`${name}: exit ${code}\n${out}`));
      resolve(JSON.parse(line) as TEngineCaseResult);
    });
  });
}

export async function benchEngines(): Promise<void> {
  const started = new Date();
  const loadBefore = os.loadavg();
  const results: TEngineCaseResult[] = [];
  for (const name of ENGINE_CASES) {
    say(`measuring ${name}`);
    results.push(await runCase(name));
  }
  const loadAfter = os.loadavg();
  const table = formatTable(
    ['engine', 'first (ms)', 'again (ms)', 'peak RSS (MiB)', 'output'],
    results.map((r) => [r.name, r.firstMs, r.againMs, r.maxRssMiB, r.output]),
  );
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
  say(
    `\n1 MP input (1000 x 1000); load average before ${load(loadBefore)}, after ${load(loadAfter)}\n`,
  );
  say(table);
  const dir = path.resolve(here, '../../../bench/results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `bench-engines-${started.toISOString().replaceAll(':', '-')}.json`);
  const machine = {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  };
  await writeFile(
    file,
    `${JSON.stringify({ date: started.toISOString(), machine, node: process.version, loadAverage: { before: loadBefore, after: loadAfter }, results, table }, null, 2)}\n`,
  );
  say(`\nwritten: ${path.relative(process.cwd(), file)}`);
}
