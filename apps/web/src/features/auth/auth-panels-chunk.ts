import { createChunk } from '../../lib/chunk';

export { IDLE_FALLBACK_MS, IDLE_TIMEOUT_MS, whenIdle } from '../../lib/chunk';

/**
 * The login dialog's forms are their own chunk (they carry the password
 * encryption and the form rules), fetched once, ahead of the click: when the
 * dialog frame has loaded and the page is idle, and as soon as a login button
 * is hovered or focused, so the fields show at once when the dialog opens.
 */
const authPanels = createChunk(() => import('./AuthPanels'));

export const loadAuthPanels = authPanels.load;
/** The chunk once it has arrived, else null (rendered directly, no fallback). */
export const loadedAuthPanels = authPanels.loaded;
export const preloadAuthPanels = authPanels.preload;
