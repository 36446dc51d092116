/**
 * three.js (r163 on) draws with WebGL 2 only. Browsers without it, and jsdom,
 * have no WebGL2RenderingContext at all, so the 3D chunk is not even fetched
 * there. A browser that has the API can still refuse a context (GPU
 * blocklisted, software rendering turned off): the stage reports that when it
 * creates its renderer.
 */
export function hasWebGL2Api(): boolean {
  return typeof window !== 'undefined' && typeof window.WebGL2RenderingContext === 'function';
}
