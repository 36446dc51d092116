/** SPEC 2 route table. Path spellings ('userInfor', 'aiCreate') are the contract. */
export const PATHS = {
  home: '/',
  community: '/community',
  inform: '/inform',
  publish: '/publish',
  aiCreate: '/aiCreate',
  notFound: '/404',
  profile: (id: string | number) => `/userInfor/${encodeURIComponent(String(id))}`,
  collection: (id: string | number) => `/collections/${encodeURIComponent(String(id))}`,
} as const;

/** DESIGN 3: the narrow-window warning covers only the creation screens. */
export const CREATION_PATHS: readonly string[] = [PATHS.publish, PATHS.aiCreate];
