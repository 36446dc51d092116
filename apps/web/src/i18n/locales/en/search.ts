/**
 * SPEC 2 header search box and suggestions panel, SPEC 4 Search. The limit
 * and delete texts are the server's own words (SPEC 5, SPEC 8), written out
 * so the home's first load does not carry the contract's message table
 * (ADR 0028); catalog-parity.test.ts holds them to it.
 */
export const search = {
  panelLabel: 'Search suggestions',
  keyboardHint: 'Press the down arrow to browse suggestions, Escape to close them.',
  loading: 'Loading suggestions…',
  recent: 'Recent searches',
  popular: 'Popular searches',
  guess: 'You may be looking for',
  manageHistory: 'Delete search history',
  deleteItem: 'Delete “{{words}}”',
  clearAll: 'Clear all',
  cancelDelete: 'Cancel',
  showAll: 'Show all ({{count}})',
  showLess: 'Show less',
  emptyTitle: 'No search suggestions yet. Try one of these:',
  emptyTags: {
    creativeDesign: 'Creative design',
    illustrationArt: 'Illustration art',
    uiDesign: 'UI design',
    photography: 'Photography',
  },
  tooLong: 'The search text cannot exceed 100 characters',
  deleted: 'Search record deleted',
  cleared: 'Search history cleared',
  deleteFailed: 'The search history could not be deleted. Please try again.',
};
