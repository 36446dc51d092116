/** SPEC 2 works grid and SPEC 4 Feed of the home page; SPEC 8 feed errors. */
export const feed = {
  searchResults_one: '{{count}} work found for “{{query}}”',
  searchResults_other: '{{count}} works found for “{{query}}”',
  loadingMore: 'Loading more works…',
  noMore: 'You have reached the end of the list.',
  empty: 'No works here yet.',
  emptySearch: 'No works match “{{query}}”. Try other words.',
  retry: 'Try again',
  /** ADR 0013: while searching, the works or the community posts the text finds. */
  searchModes: {
    label: 'Search results',
    works: 'Works',
    posts: 'Posts',
  },
  postResults_one: '{{count}} post found for “{{query}}”',
  postResults_other: '{{count}} posts found for “{{query}}”',
  emptyPostSearch: 'No posts match “{{query}}”. Try other words.',
  sortLabel: 'Order of the works',
  sort: {
    relevance: 'Best match',
    newest: 'Newest',
    likes: 'Most liked',
    downloads: 'Most downloaded',
  },
  /** SPEC 8 Feature level, feed errors (English texts as SPEC quotes them). */
  errors: {
    notFound: 'The requested resource does not exist.',
    network: 'Network connection failed. Please check your network settings.',
    failed: 'Failed to obtain data. Please try again.',
    /** SPEC 8: after 3 feed errors, a notice asks to retry later or refresh the page. */
    blocked: 'Too many failed requests. Please try again later or refresh the page.',
  },
};
