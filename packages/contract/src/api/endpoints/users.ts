import { ZIdParam } from '../../schemas/common';
import { ZUserProfileResponse } from '../../schemas/discovery';
import { ZUpdateInfoRequest, ZUserInfoResponse } from '../../schemas/users';
import type { TEndpointTable } from './types';

/** The schemas of the `users.*` routes of ../routes. */
export const usersEndpoints = {
  'users.info': { response: ZUserInfoResponse },
  'users.update': { body: ZUpdateInfoRequest, response: ZUserInfoResponse },
  'users.profile': { params: ZIdParam, response: ZUserProfileResponse },
} as const satisfies TEndpointTable<'users'>;
