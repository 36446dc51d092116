import { MESSAGES } from '@layerline/contract';

/**
 * SPEC 2 header search box and suggestions panel, SPEC 4 Search. The limit
 * and delete texts are the server's own (SPEC 5, SPEC 8), from the contract.
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
  tooLong: MESSAGES.en.searchTextTooLong,
  deleted: MESSAGES.en.searchRecordDeleted,
  cleared: MESSAGES.en.searchRecordsCleared,
  deleteFailed: 'The search history could not be deleted. Please try again.',
};
