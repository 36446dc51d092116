import { z } from 'zod';
import { GENDERS, LIMITS, ROLES } from '../constants';
import { ZEnvelope } from '../envelope';

export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ZGender = z.enum(GENDERS, { error: 'genderInvalid' });
export type TGender = z.infer<typeof ZGender>;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const EARLIEST_BIRTHDAY = '1900-01-01';
/** The day has begun somewhere on Earth (UTC+14) once it is 10:00 of the day before in UTC. */
const EARLIEST_ZONE_MS = 14 * 60 * 60 * 1000;

/**
 * SPEC 5: birthday is required; ours: a real calendar day (YYYY-MM-DD) after
 * 1900-01-01 that is not in the future anywhere.
 */
export function isValidBirthday(value: string, now: Date = new Date()): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!isReal || value <= EARLIEST_BIRTHDAY) return false;
  const latest = new Date(now.getTime() + EARLIEST_ZONE_MS).toISOString().slice(0, 10);
  return value <= latest;
}

export const ZBirthday = z
  .string({ error: 'birthdayInvalid' })
  .trim()
  .refine((value) => isValidBirthday(value), { error: 'birthdayInvalid' });

/** SPEC 5: nickname required, 2-30 characters (after trimming). */
export const ZNickname = z
  .string({ error: 'nicknameLength' })
  .trim()
  .min(LIMITS.nicknameMin, { error: 'nicknameLength' })
  .max(LIMITS.nicknameMax, { error: 'nicknameLength' });

export const ZBio = z.string().max(LIMITS.bioMax, { error: 'bioTooLong' });

/**
 * GET /api/v1/user/getinfo `data` (SPEC 3, 7): `userName` is the account
 * e-mail; `nickName` and `nickname` carry the same value, as the client reads
 * either. `birthday` is YYYY-MM-DD or '' when not set.
 */
export const ZUserInfo = z.object({
  userId: z.number().int(),
  userName: z.string(),
  avatar: z.string(),
  points: z.number().int(),
  nickName: z.string(),
  nickname: z.string(),
  email: z.string(),
  gender: ZGender,
  birthday: z.string(),
  bio: z.string(),
  role: ZRole,
  tag: z.string(),
  /** Ours (ADR 0010): whether others may list the user's favourites (GET /favor/{uid}). */
  favorPublic: z.boolean(),
  /** Ours (ADR 0019): whether others may list the works the user liked (GET /works/like?uid=). */
  likesPublic: z.boolean(),
  /**
   * Ours (ADR 0014): set while the account is suspended, so the web can say
   * why writes are refused: the moderator's reason and since when. A
   * suspension lasts until it is lifted, or until `until` when set. Null (or
   * absent) when not suspended.
   */
  suspension: z
    .object({ reason: z.string(), at: z.string(), until: z.string().nullable().optional() })
    .nullable()
    .optional(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;
export const ZUserInfoResponse = ZEnvelope(ZUserInfo);

/**
 * PUT /api/v1/user/updateInfo (SPEC 3 profile edit, SPEC 5 rules). `avatar`
 * is a URL our upload endpoint returned; empty or absent keeps the current
 * one, as does an absent `bio` or `favorPublic` (ours, ADR 0010: favourites
 * are private until their owner sets it) or `likesPublic` (ours, ADR 0019:
 * likes likewise). A `userId` or `id` other than the
 * caller's answers 403 'You can only edit your own profile'.
 */
export const ZUpdateInfoRequest = z.object({
  nickname: ZNickname,
  gender: ZGender,
  birthday: ZBirthday,
  bio: ZBio.optional(),
  avatar: z.string().trim().max(1000, { error: 'avatarInvalid' }).optional(),
  favorPublic: z.boolean().optional(),
  likesPublic: z.boolean().optional(),
  userId: z.union([z.number(), z.string().max(64)]).optional(),
  id: z.union([z.number(), z.string().max(64)]).optional(),
});
export type TUpdateInfoRequest = z.infer<typeof ZUpdateInfoRequest>;

/** The profile form as typed; the same rules, without the wire-only fields. */
export const ZProfileForm = ZUpdateInfoRequest.omit({ userId: true, id: true });
export type TProfileForm = z.infer<typeof ZProfileForm>;
