/** SPEC 2: every navigation sets the title, description and social tags. */
export const seo = {
  homeTitle: '{{product}} - Home',
  pageTitle: '{{page}} - {{product}}',
  defaultDescription:
    'Discover and share 3D printing, laser engraving and other creative works on {{product}}.',
  pages: {
    home: {
      title: 'Home',
      description:
        'Discover and share 3D printing, laser engraving and other creative works on {{product}}.',
    },
    profile: {
      title: 'Maker profile',
      description: 'Works, collections and likes of a maker on {{product}}.',
    },
    inform: {
      title: 'Notifications',
      description: 'Your comments, likes, follows and system notices on {{product}}.',
    },
    community: {
      title: 'Model talk',
      description: 'Talk about models, prints and techniques with the {{product}} community.',
    },
    collection: {
      title: 'Collection',
      description: 'A curated collection of maker works on {{product}}.',
    },
    publish: {
      title: 'Publish',
      description: 'Publish your designs, files and instructions on {{product}}.',
    },
    aiCreate: {
      title: 'AI create',
      description:
        'Create images, logos and 3D models with AI for laser, 3D printers and UV printers.',
    },
    work: {
      title: 'Work',
      description: 'A maker work on {{product}}: images, design files and how to make it.',
    },
    feedback: {
      title: 'Feedback',
      description: 'Report a problem or suggest an improvement to {{product}}.',
    },
    notFound: {
      title: 'Page not found',
      description: 'This page does not exist on {{product}}.',
    },
  },
};
