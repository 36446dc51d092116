/** The app shell: header, global widgets (SPEC 2 'Global behaviours') and route errors. */
export const shell = {
  homeLink: '{{product}} home: refresh the feed',
  searchLabel: 'Search',
  openSearch: 'Open search',
  closeSearch: 'Close search',
  clearSearch: 'Clear search text',
  searchPlaceholder: 'Search models, makers and collections',
  backToTop: 'Back to top',
  narrowTitle: 'Mobile devices are not fully supported',
  narrowBody:
    'This screen is made for a PC. On a phone it works in one column; for the full layout, use a PC or a window at least {{width}}px wide.',
  narrowDismiss: 'Close this notice',
  navigationFailed: 'Page navigation failed. Please try again.',
  notFoundTitle: 'Page not found',
  notFoundBody: 'The page you are looking for does not exist or has been moved.',
  /** ADR 0014: a suspended account reads, but cannot write. */
  suspendedTitle: 'Your account is suspended: {{reason}}',
  suspendedUntil: 'until {{time}}',
  suspendedBody:
    'You can still log in, read, like, collect and follow, but you cannot publish or edit works, post, comment or start AI creations until a moderator lifts the suspension.',
  suspendedDetails: 'Details',
  suspendedHide: 'Hide details',
  /** Beside a composer or Publish while the account is suspended. */
  suspendedComposer: 'Your account is suspended: {{reason}}',
};
