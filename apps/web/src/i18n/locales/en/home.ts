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
  carouselRole: 'carousel',
  slideRole: 'slide',
  slideLabel: 'Slide {{index}} of {{total}}',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  goToSlide: 'Go to slide {{index}}',
  slideControls: 'Choose a slide',
  /** SPEC 3 banner iconType. */
  iconType: {
    premium: 'Premium',
    exclusive: 'Exclusive',
    coupon: 'Coupon',
    default: 'Featured',
  },
  /** SPEC 3: default texts for a carousel or banner item that lacks them. */
  bannerFallback: {
    title: 'Discover more on {{product}}',
    subtitle: 'New models, tips and events from the maker community.',
    buttonText: 'Learn more',
  },
  /** SPEC 4: built-in slides and banners when the server has none. */
  defaultItems: {
    community: {
      title: 'Share what you made',
      subtitle:
        'Show your prints, cuts and engravings in Model talk and get tips from other makers.',
      buttonText: 'Join the talk',
    },
    aiCreate: {
      title: 'From idea to laser-ready file',
      subtitle:
        'AI create turns a sketch or a prompt into vector art, reliefs and print-ready models.',
      buttonText: 'Try AI create',
    },
    publish: {
      title: 'Publish your first model',
      subtitle:
        'Upload STL, 3MF or SVG files with photos and a guide, and let the community print it.',
      buttonText: 'Start publishing',
    },
    points: {
      title: 'Daily creation points',
      subtitle: 'Points refresh every day for AI create.',
      buttonText: 'Use points',
    },
    talk: {
      title: 'Model talk',
      subtitle: 'Questions, test prints and settings.',
      buttonText: 'Read posts',
    },
    laser: {
      title: 'Laser-ready in minutes',
      subtitle: 'Dither, trace and prepare images.',
      buttonText: 'Open tools',
    },
  },
  /** SPEC 4: the failed-link-redirect message. */
  linkFailed: 'Failed to open the link. Please try again later.',
  collectionWorks_one: '{{count}} work',
  collectionWorks_other: '{{count}} works',
  untitledCollection: 'Untitled collection',
  collectionsFailed: 'Collections could not be loaded.',
  /** SPEC 8: the category-fetch-failed message. */
  categoryFetchFailed: 'Failed to load categories. Please try again later.',
  subcategories: '{{name}}: subcategories',
};
