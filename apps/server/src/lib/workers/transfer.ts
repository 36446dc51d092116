import { createHash } from 'node:crypto';

/**
 * Bytes crossing between the event loop and a pool thread (ADR 0008, 0057)
 * are transferred, never copied: a structured clone of a 100 MB mesh copies
 * it on the receiving thread, and the copy's allocation drives the
 * receiver's garbage collection. Only an ArrayBuffer the bytes fill alone
 * can be transferred (a small Buffer shares Node's pooled ArrayBuffer with
 * others, which a transfer would detach); other bytes are copied once into
 * one of their own, on the sending side.
 */
export function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  ) {
    return bytes as Uint8Array<ArrayBuffer>;
  }
  return new Uint8Array(bytes);
}

/** The ArrayBuffers of `bytes` to pass as a postMessage transfer list (each once). */
export function transferListOf(bytes: Uint8Array<ArrayBuffer>[]): ArrayBuffer[] {
  return [...new Set(bytes.map((part) => part.buffer))];
}

/** A Buffer over the same memory, without a copy. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** SHA-256 (hex) of bytes, taken in the thread that made them (a file's content address). */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
