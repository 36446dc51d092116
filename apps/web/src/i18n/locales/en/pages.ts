/** Titles and short descriptions of the screens of SPEC 2. */
export const pages = {
  profile: {
    title: 'Maker profile',
  },
  collection: {
    title: 'Collection',
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
