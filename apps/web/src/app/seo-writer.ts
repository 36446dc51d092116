import type { TSeoTags } from './seo';

type TSeoModule = typeof import('./seo');

let queue: Promise<void> = Promise.resolve();

/**
 * Writes the page tags (SPEC 2) once their texts and writer have loaded, a
 * chunk of their own (ADR 0028): the server's HTML already carries the home's
 * tags, so the home's first load does not carry them. Writes happen in the
 * order they were asked for, so a screen's own tags still follow its route's.
 * Returns the cancel, an effect's cleanup: a screen that has moved on by then
 * writes nothing.
 */
export function writeSeoTags(make: (seo: TSeoModule) => TSeoTags): () => void {
  let isCancelled = false;
  queue = queue
    .then(() => import('./seo'))
    .then((seo) => {
      if (!isCancelled) seo.applySeoTags(make(seo));
    })
    // A chunk that failed to load leaves the tags as they were.
    .catch(() => undefined);
  return () => {
    isCancelled = true;
  };
}
