import path from 'node:path';
import {
  Code,
  isValidBirthday,
  type TUpdateInfoRequest,
  type TUserInfo,
} from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import type { TClock } from '../../lib/clock';
import type { FileRecords, FileStorage } from '../files';
import type { TPointsTasks } from '../points';
import { toUserInfo } from './users.mapper';
import type { TProfileUpdate, UsersRepository } from './users.repository';

/** What an avatar may be once our upload endpoint has re-encoded it. */
const AVATAR_EXTENSIONS = new Set(['.webp', '.png', '.jpg', '.jpeg', '.gif']);

export type TUsersDeps = {
  /** A profile save and its reward are one unit of work (ADR 0045). */
  db: TDatabase;
  repository: UsersRepository;
  /**
   * getinfo.points is the live balance, after the day's allowance (ADR 0011);
   * a profile save that completes the profile earns SPEC 1's task in its transaction.
   */
  points?: { liveBalance(userId: number): Promise<number> } & Pick<TPointsTasks, 'profileSaved'>;
  files: FileRecords;
  storage: FileStorage;
  clock: TClock;
  /** Absolute avatar URLs on our own address are accepted and stored relative. */
  publicUrl: string;
};

/** Profile of the logged-in user (SPEC 3 client-held profile, profile edit; SPEC 5 rules). */
export class UsersService {
  private readonly uow: UnitOfWork;

  constructor(private readonly deps: TUsersDeps) {
    this.uow = new UnitOfWork(deps.db);
  }

  async getInfo(userId: number): Promise<TUserInfo> {
    const row = await this.deps.repository.findById(userId);
    // The guard found the session a moment ago; a vanished user is a lost session.
    if (!row) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
    if (this.deps.points) row.points = await this.deps.points.liveBalance(userId);
    return toUserInfo(row, this.deps.clock());
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
    if (body.favorPublic !== undefined) update.favorPublic = body.favorPublic;
    if (body.likesPublic !== undefined) update.likesPublic = body.likesPublic;
    if (body.avatar) update.avatar = await this.checkedAvatar(userId, body.avatar);
    const now = this.deps.clock();
    const row = await this.uow.run(async (tx) => {
      const saved = await tx.users.updateProfile(userId, update, now);
      if (saved) await this.deps.points?.profileSaved(tx, saved);
      return saved;
    });
    if (!row) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
    return toUserInfo(row, this.deps.clock());
  }

  /**
   * An avatar must be the user's own upload of the avatar kind (SPEC 7 upload
   * kinds): only that path re-encodes the image, strips its metadata and holds
   * it to the avatar size limit. Another user's cover, or the user's own design
   * file, is refused. The avatar the user already has may be sent back unchanged.
   */
  private async checkedAvatar(userId: number, url: string): Promise<string> {
    const { storage, publicUrl, files, repository } = this.deps;
    const relative = url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
    const key = storage.keyFromUrl(relative);
    if (!key || !AVATAR_EXTENSIONS.has(path.extname(key))) {
      throw new AppError(Code.BAD_REQUEST, 'avatarInvalid');
    }
    const stored = storage.urlFor(key);
    const current = (await repository.findById(userId))?.avatar;
    if (current === stored) return stored;
    const owned = await files.findOwned(userId, [stored]);
    if (!owned.some((row) => row.kind === 'avatar') || !(await storage.exists(key))) {
      throw new AppError(Code.BAD_REQUEST, 'avatarInvalid');
    }
    return stored;
  }
}
