/**
 * react-i18next imports `use-sync-external-store/shim`, a fallback for React
 * before 18 that re-exports React's own hook when there is one. Our React has
 * it, so the build points the shim here (vite.config.ts) and the home's first
 * load does not carry the fallback.
 */
export { useSyncExternalStore } from 'react';
