import type { TApiRouteName } from '../routes';
import { adminEndpoints } from './admin';
import { aiEndpoints } from './ai';
import { authEndpoints } from './auth';
import { bannersEndpoints } from './banners';
import { catalogEndpoints } from './catalog';
import { collectionsEndpoints } from './collections';
import { commentsEndpoints } from './comments';
import { communityEndpoints } from './community';
import { feedEndpoints } from './feed';
import { feedbackEndpoints } from './feedback';
import { filesEndpoints } from './files';
import { moderationEndpoints } from './moderation';
import { notificationsEndpoints } from './notifications';
import { pointsEndpoints } from './points';
import { searchEndpoints } from './search';
import { socialEndpoints } from './social';
import type { TEndpointSchemas } from './types';
import { usersEndpoints } from './users';
import { worksEndpoints } from './works';

export type { TEndpointSchemas } from './types';

/** Every endpoint's schemas, keyed as API_ROUTES (ADR 0021). */
export const API_ENDPOINTS = {
  ...catalogEndpoints,
  ...bannersEndpoints,
  ...collectionsEndpoints,
  ...authEndpoints,
  ...usersEndpoints,
  ...pointsEndpoints,
  ...aiEndpoints,
  ...filesEndpoints,
  ...feedEndpoints,
  ...searchEndpoints,
  ...worksEndpoints,
  ...moderationEndpoints,
  ...adminEndpoints,
  ...socialEndpoints,
  ...commentsEndpoints,
  ...communityEndpoints,
  ...feedbackEndpoints,
  ...notificationsEndpoints,
} as const satisfies { readonly [K in TApiRouteName]: TEndpointSchemas };

export type TApiEndpointName = keyof typeof API_ENDPOINTS;
