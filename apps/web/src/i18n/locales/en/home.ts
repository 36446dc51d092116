/** SPEC 2 'Home screen' content area: the parts of the Discover feed. */
export const home = {
  feedLabel: 'Discover feed',
  carousel: 'Featured',
  banners: 'Highlights',
  collections: 'Featured collections',
  categories: 'Categories',
  allCategories: 'All',
  works: 'Works',
  loading: 'Loading the feed…',
};
