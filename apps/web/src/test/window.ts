/** Resizes the test window as a browser does: a new width, then a resize event. */
export function resizeWindowTo(width: number): void {
  window.innerWidth = width;
  window.dispatchEvent(new Event('resize'));
}
