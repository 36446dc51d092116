import type { TUserInfo } from '@layerline/contract';
import { isSuspended } from '../../kernel/suspension';
import type { TUserRow } from './users.repository';

/** SPEC 3 / 7 getinfo `data`; nickName and nickname both, as clients read either. */
/** `now` decides whether a suspension with an end still holds. */
export function toUserInfo(row: TUserRow, now: Date = new Date()): TUserInfo {
  return {
    userId: row.id,
    userName: row.email,
    avatar: row.avatar,
    points: row.points,
    nickName: row.nickname,
    nickname: row.nickname,
    email: row.email,
    gender: row.gender,
    birthday: row.birthday ?? '',
    bio: row.bio,
    role: row.role,
    tag: row.tag,
    favorPublic: row.favorPublic,
    likesPublic: row.likesPublic,
    suspension:
      row.suspendedAt && isSuspended(row, now)
        ? {
            reason: row.suspendedReason,
            at: row.suspendedAt.toISOString(),
            until: row.suspendedUntil?.toISOString() ?? null,
          }
        : null,
  };
}
