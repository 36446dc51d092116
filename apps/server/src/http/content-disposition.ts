/**
 * `attachment` with the file name twice (RFC 6266): a plain ASCII fallback
 * for old clients and `filename*` in UTF-8 (RFC 5987) for everybody else,
 * so Chinese names survive the download.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'download';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
