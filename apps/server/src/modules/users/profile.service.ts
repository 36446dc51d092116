import { Code, type TUserProfile } from '@layerline/contract';
import { AppError } from '../../http/app-error';
import { NO_SOCIAL_READER, type SocialReader } from '../../kernel/card.mapper';
import { displayName } from '../../kernel/display-name';
import type { TAuth } from '../../kernel/request-auth';
import type { ProfileRepository } from './profile.repository';

/**
 * Another user's public profile (SPEC 2 /userInfor/:id) with the SPEC 3
 * user counters. The e-mail address never leaves the server (SPEC 3 names).
 */
export class ProfileService {
  constructor(
    private readonly repository: ProfileRepository,
    private readonly social: SocialReader = NO_SOCIAL_READER,
  ) {}

  async profile(userId: number, viewer: TAuth | null): Promise<TUserProfile> {
    const [user, totals, social] = await Promise.all([
      this.repository.findUser(userId),
      this.repository.workTotals(userId),
      this.social.forAuthor(viewer?.userId ?? null, userId),
    ]);
    if (!user) throw new AppError(Code.NOT_FOUND, 'notFound');
    const isSelf = viewer?.userId === userId;
    return {
      id: user.id,
      nickname: displayName(user.nickname, user.email),
      avatar: user.avatar,
      bio: user.bio,
      creatorTag: user.tag,
      follows: social.followCount,
      fans: social.fansCount,
      likes: totals.likes,
      favorites: totals.favorites,
      // Points are one's own business (they pay for AI creation).
      points: isSelf ? user.points : null,
      follow_count: social.followCount,
      fans_count: social.fansCount,
      work_count: totals.workCount,
      is_follow: social.isFollow,
      follow_state: social.followState,
      is_self: isSelf,
      likesPublic: user.likesPublic,
      favorPublic: user.favorPublic,
    };
  }
}
