import { fileTypeFromBuffer } from 'file-type';

/**
 * What a file is, decided by its bytes (DESIGN 4: sniff uploads), never by
 * its name. `exts` are the names it may keep; the first is used otherwise.
 */
export const FORMATS = {
  jpeg: { mime: 'image/jpeg', exts: ['.jpg', '.jpeg'] },
  png: { mime: 'image/png', exts: ['.png'] },
  gif: { mime: 'image/gif', exts: ['.gif'] },
  webp: { mime: 'image/webp', exts: ['.webp'] },
  pdf: { mime: 'application/pdf', exts: ['.pdf'] },
  zip: { mime: 'application/zip', exts: ['.zip'] },
  '3mf': { mime: 'model/3mf', exts: ['.3mf'] },
  stl: { mime: 'model/stl', exts: ['.stl'] },
  obj: { mime: 'model/obj', exts: ['.obj'] },
  step: { mime: 'model/step', exts: ['.step', '.stp'] },
  gcode: { mime: 'text/x-gcode', exts: ['.gcode', '.gco', '.g', '.nc'] },
  bgcode: { mime: 'application/x-bgcode', exts: ['.bgcode'] },
  svg: { mime: 'image/svg+xml', exts: ['.svg'] },
  dxf: { mime: 'image/vnd.dxf', exts: ['.dxf'] },
  lbrn: { mime: 'application/x-lightburn', exts: ['.lbrn2', '.lbrn'] },
  xcs: { mime: 'application/x-xcs+json', exts: ['.xcs'] },
} as const satisfies Record<string, { mime: string; exts: readonly string[] }>;

export type TFormat = keyof typeof FORMATS;
export type TSniffResult = { format: TFormat } | { format: 'executable' } | undefined;

/** Bytes read from the start of a file to decide its type. */
export const HEAD_BYTES = 64 * 1024;

const EXECUTABLE_MIMES = new Set([
  'application/x-elf',
  'application/x-msdownload',
  'application/x-mach-binary',
  'application/x-sharedlib',
  'application/x-executable',
  'application/wasm',
  'application/java-vm',
  'application/x-msi',
]);

const startsWithBytes = (head: Buffer, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);

/** The head as text without a byte-order mark (latin1 is enough for these checks). */
const textOf = (head: Buffer) => head.toString('utf8').replace(/^\uFEFF/, '');

/**
 * SPEC 2, DESIGN 4: executables and scripts are refused whatever their name:
 * ELF, PE (MZ), Mach-O and fat binaries, WebAssembly, a shebang, or an HTML page.
 */
export function isExecutableHead(head: Buffer): boolean {
  const binary = [
    [0x7f, 0x45, 0x4c, 0x46],
    [0x4d, 0x5a],
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe],
    [0x00, 0x61, 0x73, 0x6d],
  ];
  if (binary.some((bytes) => startsWithBytes(head, bytes))) return true;
  const text = textOf(head.subarray(0, 1024));
  if (text.startsWith('#!')) return true;
  return /^\s*<(?:!doctype\s+html|html|head|body|script|iframe|\?php|%)/i.test(text);
}

/** Names of the root element of an XML head, past the prolog (declaration, comments, doctype). */
export function xmlRootName(text: string): string | undefined {
  const prolog =
    /^\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<([A-Za-z_][\w:.-]*)/;
  return prolog.exec(text)?.[1];
}

/** Non-empty lines of a head; the last is dropped when the file goes on past the head. */
function headLines(text: string, isWholeFile: boolean): string[] {
  const lines = text.split(/\r?\n/);
  if (!isWholeFile) lines.pop();
  return lines.map((line) => line.trim()).filter(Boolean);
}

/** OBJ: every line is a known statement, and there is at least one vertex. */
function isObj(lines: string[]): boolean {
  const statement =
    /^(?:#.*|(?:v|vt|vn|vp|f|l|p|o|g|s|mtllib|usemtl|cstype|deg|curv|curv2|surf|parm|trim|hole|end|bmat|step|sp|con|mg|lod|shadow_obj|trace_obj|ctech|stech)(?:\s.*)?)$/;
  return lines.some((line) => /^v\s/.test(line)) && lines.every((line) => statement.test(line));
}

/**
 * G-code: every line a comment, words (a letter and a number: G1 X10 Y5,
 * M104 S200, N10 G0) or a firmware macro call (Klipper: PRINT_START BED=60,
 * EXCLUDE_OBJECT_DEFINE NAME=a), with a G, M or T command somewhere; slicers
 * may also open with a long run of comments (settings, embedded thumbnails).
 */
function isGcode(lines: string[]): boolean {
  const comment = /^(?:;.*|\(.*\)|%.*)$/;
  const words = /^[A-Z]\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[^\d.].*)?$/i;
  const macro = /^[A-Z][A-Z0-9_]{2,}(?:\s.*)?$/;
  const valid = (line: string) => comment.test(line) || words.test(line) || macro.test(line);
  if (lines.length === 0 || !lines.every(valid)) return false;
  return (
    lines.some((line) => /^(?:N\d+\s*)?[GMT]\d/i.test(line)) ||
    lines.every((line) => comment.test(line))
  );
}

/** DXF: group code / value pairs, opening with a SECTION (after optional 999 comments). */
function isDxf(lines: string[]): boolean {
  let i = 0;
  while (lines[i] === '999') i += 2;
  return lines[i] === '0' && lines[i + 1] === 'SECTION' && /^-?\d{1,4}$/.test(lines[i + 2] ?? '');
}

/** xTool Creative Space: a JSON object with its canvas and device sections. */
function isXcsHead(text: string): boolean {
  return /^\s*\{/.test(text) && /"(?:canvasId|canvas|device)"\s*:/.test(text);
}

/**
 * Binary STL has no magic: an 80-byte header, a triangle count, and exactly
 * 50 bytes per triangle, so the size must agree with the count.
 */
function isBinaryStl(head: Buffer, size: number): boolean {
  if (size < 84 || head.length < 84 || (size - 84) % 50 !== 0) return false;
  return head.readUInt32LE(80) === (size - 84) / 50;
}

/**
 * Decides the format from the first HEAD_BYTES of a file of `size` bytes.
 * Magic bytes first (file-type, then ours), then the structure of formats
 * without magic (STL, OBJ, STEP, G-code, DXF, SVG, LightBurn, xTool).
 * ZIP-based formats (3MF) are told apart later by looking inside.
 */
export async function sniffFormat(head: Buffer, size: number): Promise<TSniffResult> {
  if (isExecutableHead(head)) return { format: 'executable' };
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  if (detected && EXECUTABLE_MIMES.has(detected.mime)) return { format: 'executable' };
  const byMime: Record<string, TFormat> = {
    'image/jpeg': 'jpeg',
    'image/png': 'png',
    'image/gif': 'gif',
    'image/webp': 'webp',
    'application/pdf': 'pdf',
  };
  const known = detected ? byMime[detected.mime] : undefined;
  if (known) return { format: known };
  if (
    startsWithBytes(head, [0x50, 0x4b, 0x03, 0x04]) ||
    startsWithBytes(head, [0x50, 0x4b, 0x05, 0x06])
  ) {
    return { format: 'zip' };
  }
  if (head.subarray(0, 4).toString('latin1') === 'GCDE') return { format: 'bgcode' };
  if (head.subarray(0, 18).toString('latin1') === 'AutoCAD Binary DXF') return { format: 'dxf' };
  if (isBinaryStl(head, size)) return { format: 'stl' };
  // The rest are text formats: no NUL bytes.
  if (head.includes(0)) return undefined;
  const text = textOf(head);
  const isWholeFile = head.length >= size;
  if (/^\s*ISO-10303-21\s*;/.test(text)) return { format: 'step' };
  if (/^\s*</.test(text)) {
    const root = xmlRootName(text);
    if (root === 'svg') return { format: 'svg' };
    if (root === 'LightBurnProject') return { format: 'lbrn' };
    if (root?.toLowerCase() === 'html') return { format: 'executable' };
    return undefined;
  }
  if (isXcsHead(text)) return { format: 'xcs' };
  if (/^\s*solid\b/.test(text) && /\b(?:facet\s+normal|endsolid)\b/.test(text)) {
    return { format: 'stl' };
  }
  const lines = headLines(text, isWholeFile);
  if (isDxf(lines)) return { format: 'dxf' };
  if (isObj(lines)) return { format: 'obj' };
  if (isGcode(lines)) return { format: 'gcode' };
  return undefined;
}
