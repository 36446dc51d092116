/** Percent-decoding that gives up (null) on malformed input instead of throwing. */
function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Only the last path segment, without characters no file system takes. */
function cleanFilename(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean && clean !== '.' && clean !== '..' ? clean : null;
}

const EXTENDED = /(?:^|;)\s*filename\*\s*=\s*[^';\s]*'[^']*'([^;]*)/i;
const QUOTED = /(?:^|;)\s*filename\s*=\s*"((?:\\.|[^"\\])*)"/i;
const TOKEN = /(?:^|;)\s*filename\s*=\s*([^";\s][^;]*)/i;

/**
 * The file name of a Content-Disposition header (RFC 6266). The server sends
 * an ASCII fallback and `filename*=UTF-8''...` (RFC 5987); the extended form
 * wins, so Chinese names survive. Null when the header names no file.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = EXTENDED.exec(header);
  if (extended) {
    // The charset is UTF-8 from our server; for an ISO-8859-1 name decoding as
    // UTF-8 still keeps the ASCII part, and a malformed one falls back below.
    const decoded = decode((extended[1] ?? '').trim());
    const name = decoded === null ? null : cleanFilename(decoded);
    if (name) return name;
  }
  const quoted = QUOTED.exec(header);
  if (quoted) return cleanFilename((quoted[1] ?? '').replace(/\\(.)/g, '$1'));
  const token = TOKEN.exec(header);
  return token ? cleanFilename((token[1] ?? '').trim()) : null;
}
