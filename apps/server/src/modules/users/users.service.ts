import path from 'node:path';
import {
  Code,
  isValidBirthday,
  type TUpdateInfoRequest,
  type TUserInfo,
} from '@layerline/contract';
import { AppError } from '../../http/app-error';
import type { TClock } from '../../lib/clock';
import type { FileStorage } from '../files/storage';
import { toUserInfo } from './users.mapper';
import type { TProfileUpdate, UsersRepository } from './users.repository';

/** What an avatar may be once our upload endpoint has re-encoded it. */
const AVATAR_EXTENSIONS = new Set(['.webp', '.png', '.jpg', '.jpeg', '.gif']);

export type TUsersDeps = {
  repository: UsersRepository;
  storage: FileStorage;
  clock: TClock;
  /** Absolute avatar URLs on our own address are accepted and stored relative. */
  publicUrl: string;
};

/** Profile of the logged-in user (SPEC 3 client-held profile, profile edit; SPEC 5 rules). */
export class UsersService {
  constructor(private readonly deps: TUsersDeps) {}

  async getInfo(userId: number): Promise<TUserInfo> {
    const row = await this.deps.repository.findById(userId);
    // The guard found the session a moment ago; a vanished user is a lost session.
    if (!row) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
    return toUserInfo(row);
  }

  async updateInfo(userId: number, body: TUpdateInfoRequest): Promise<TUserInfo> {
    // SPEC 5: 'You can only edit your own profile'.
    for (const claimed of [body.userId, body.id]) {
      if (claimed !== undefined && claimed !== '' && String(claimed) !== String(userId)) {
        throw new AppError(Code.FORBIDDEN, 'editOwnProfileOnly');
      }
    }
    // The schema checked the calendar; the future is judged by our clock.
    if (!isValidBirthday(body.birthday, this.deps.clock())) {
      throw new AppError(Code.BAD_REQUEST, 'birthdayInvalid');
    }
    const update: TProfileUpdate = {
      nickname: body.nickname,
      gender: body.gender,
      birthday: body.birthday,
    };
    if (body.bio !== undefined) update.bio = body.bio;
    if (body.avatar) update.avatar = await this.checkedAvatar(body.avatar);
    const row = await this.deps.repository.updateProfile(userId, update, this.deps.clock());
    if (!row) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
    return toUserInfo(row);
  }

  /** An avatar must be an image our upload endpoint stored; anything else is refused. */
  private async checkedAvatar(url: string): Promise<string> {
    const { storage, publicUrl } = this.deps;
    const relative = url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
    const key = storage.keyFromUrl(relative);
    if (!key || !AVATAR_EXTENSIONS.has(path.extname(key)) || !(await storage.exists(key))) {
      throw new AppError(Code.BAD_REQUEST, 'avatarInvalid');
    }
    return storage.urlFor(key);
  }
}
