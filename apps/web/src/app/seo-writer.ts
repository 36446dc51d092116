import type { TSeoTags } from './seo';

type TSeoModule = typeof import('./seo');

let queue: Promise<void> = Promise.resolve();

/**
 * Writes the page tags (SPEC 2) once their texts and writer have loaded, a
 * chunk of their own (ADR 0028): the server's HTML already carries the home's
 * tags, so the home's first load does not carry them. Writes happen in the
 * order they were asked for, so a screen's own tags still follow its route's;
 * `make` answers null when its screen has moved on meanwhile.
 */
export function writeSeoTags(make: (seo: TSeoModule) => TSeoTags | null): void {
  queue = queue
    .then(() => import('./seo'))
    .then((seo) => {
      const tags = make(seo);
      if (tags) seo.applySeoTags(tags);
    })
    // A chunk that failed to load leaves the tags as they were.
    .catch(() => undefined);
}
