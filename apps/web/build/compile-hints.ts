import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  builtChunks,
  HOME_ROUTE_MODULE,
  staticClosure,
  type TBuiltChunkInfo,
} from './first-load.ts';

/**
 * V8's explicit compile hint (Chrome 136 and later): a file that starts with
 * this comment has all its functions compiled eagerly, on the thread that
 * streams the script in as it downloads, instead of each one being parsed
 * again and compiled on the main thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Below this a chunk's compiling on the main thread is too short to matter. */
const MIN_HINTED_BYTES = 8 * 1024;

/**
 * The chunks whose functions run as the home opens: the entry's and the home
 * route's, with everything they import statically, those of at least
 * MIN_HINTED_BYTES. Other routes and dialogs keep lazy compiling; most of
 * their code never runs on a visit.
 */
export function chunksRunOnLoad(chunks: TBuiltChunkInfo[]): string[] {
  const starts = chunks
    .filter(
      (chunk) =>
        chunk.isEntry || (chunk.facadeModuleId && HOME_ROUTE_MODULE.test(chunk.facadeModuleId)),
    )
    .map((chunk) => chunk.fileName);
  return staticClosure(starts, chunks)
    .filter((chunk) => chunk.size >= MIN_HINTED_BYTES)
    .map((chunk) => chunk.fileName);
}

/** A chunk's code with COMPILE_HINT as its first line (unchanged when it has it). */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}\n${code}`;
}

/** Its source map, one line down to follow the code. */
export function sourceMapWithCompileHint(json: string): string {
  const map = JSON.parse(json) as { mappings: string };
  return JSON.stringify({ ...map, mappings: `;${map.mappings}` });
}

/**
 * Vite plugin: the home's big chunks start with COMPILE_HINT (docs/PERFORMANCE.md,
 * "Eighth pass"). It edits the files once written: Vite's own last steps
 * rewrite a chunk's code after the other plugins have seen it.
 */
export function compileHints(): Plugin {
  let outDir = 'dist';
  return {
    name: 'layerline:compile-hints',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunks = builtChunks(bundle);
      for (const fileName of chunksRunOnLoad(chunks)) {
        const file = path.join(outDir, fileName);
        await writeFile(file, withCompileHint(await readFile(file, 'utf8')));
        if (bundle[`${fileName}.map`]) {
          const mapFile = `${file}.map`;
          await writeFile(mapFile, sourceMapWithCompileHint(await readFile(mapFile, 'utf8')));
        }
      }
    },
  };
}
