/**
 * Makes room for one more entry in an insertion-ordered Map or Set that
 * holds at most `max`: the oldest entries go first. Call it before adding a
 * key the collection does not hold.
 */
export function makeRoom(collection: Map<unknown, unknown> | Set<unknown>, max: number): void {
  while (collection.size >= max) {
    const oldest = collection.keys().next();
    if (oldest.done) return;
    collection.delete(oldest.value);
  }
}
