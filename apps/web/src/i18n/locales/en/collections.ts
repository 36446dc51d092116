/** SPEC 2 /collections/:id and the paged works lists of the collection and profile pages. */
export const collections = {
  kind: 'Collection',
  untitled: 'Untitled collection',
  worksCount_one: '{{count}} work',
  worksCount_other: '{{count}} works',
  worksLabel: 'Works in this collection',
  empty: 'This collection has no works yet.',
  list: {
    loading: 'Loading works…',
  },
};
