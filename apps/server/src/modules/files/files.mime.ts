/**
 * Types a browser may show inline from our origin. Everything else (HTML,
 * XML, scripts, and design files such as STL, 3MF, G-code or ZIP) is sent as
 * an opaque download, so an uploaded file can never act as a page of ours.
 */
const INLINE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
};

/** default-src 'none' blocks every load and `sandbox` any script, so an SVG stays an image. */
export const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * PDFs are shown in the detail's <object> on our own pages: they may be
 * framed by our origin only (the app's own headers forbid any framing).
 */
export const EMBEDDABLE_CSP = "frame-ancestors 'self'";

export type TFileHeaders = {
  contentType: string;
  inline: boolean;
  sandbox: boolean;
  /** Shown inside our pages (the PDF preview), so framing by our origin is allowed. */
  embeddable: boolean;
};

export function fileHeadersFor(ext: string): TFileHeaders {
  const type = INLINE_TYPES[ext];
  if (!type) {
    return {
      contentType: 'application/octet-stream',
      inline: false,
      sandbox: true,
      embeddable: false,
    };
  }
  // Chrome's PDF viewer refuses to render under a sandbox CSP; a PDF cannot run
  // script in our origin anyway.
  const isPdf = ext === '.pdf';
  return { contentType: type, inline: true, sandbox: !isPdf, embeddable: isPdf };
}
