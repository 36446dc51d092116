/** Search parameter that opens the profile editor on /userInfor/:id. */
export const EDIT_PROFILE_PARAM = 'edit';

/** SPEC 2 route table. Path spellings ('userInfor', 'aiCreate') are the contract. */
export const PATHS = {
  home: '/',
  community: '/community',
  inform: '/inform',
  publish: '/publish',
  aiCreate: '/aiCreate',
  /** SPEC 2 feedback screen (ours: its path), open to visitors. */
  feedback: '/feedback',
  notFound: '/404',
  /** The moderation console (ADR 0014): moderators and admins; others see the 404 page. */
  admin: '/admin',
  profile: (id: string | number) => `/userInfor/${encodeURIComponent(String(id))}`,
  /** SPEC 2 'Edit profile' opens over the profile page; the route's id must be one's own (SPEC 5). */
  editProfile: (id: string | number) =>
    `/userInfor/${encodeURIComponent(String(id))}?${EDIT_PROFILE_PARAM}=profile`,
  collection: (id: string | number) => `/collections/${encodeURIComponent(String(id))}`,
  /** The product detail modal (SPEC 2) over the home feed, as its own address. */
  work: (id: string | number) => `/work/${encodeURIComponent(String(id))}`,
  /** SPEC 2 /publish: productId switches to editing that work. */
  editWork: (id: string | number) => `/publish?productId=${encodeURIComponent(String(id))}`,
} as const;

/** DESIGN 3: the narrow-window warning covers only the creation screens. */
export const CREATION_PATHS: readonly string[] = [PATHS.publish, PATHS.aiCreate];
