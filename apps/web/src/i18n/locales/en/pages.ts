/** Titles and short descriptions of the screens of SPEC 2. */
export const pages = {
  profile: {
    title: 'Maker profile',
    body: 'Works, collections and liked works of this maker.',
  },
  inform: {
    title: 'Notifications',
    body: 'Comments, likes, favourites, new followers and system notices.',
  },
  community: {
    title: 'Model talk',
    body: 'Recommended posts, the community square and your own activity.',
  },
  collection: {
    title: 'Collection',
    body: 'All works gathered in this collection.',
  },
  publish: {
    title: 'Publish a work',
    editTitle: 'Edit work #{{id}}',
    body: 'Upload design files, cover images and instructions for your work.',
  },
  aiCreate: {
    title: 'AI create',
    body: 'Create images, logos and 3D models with AI, paid with points.',
    tabs: {
      laser: 'Laser',
      printer3d: '3D printer',
      uvPrinter: 'UV printer',
    },
  },
};
