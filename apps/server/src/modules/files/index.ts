/** The files module's public face (ADR 0047): what other modules and the composition may use. */
export { createStorage } from './create-storage';
export type { FileStorage } from './storage';
