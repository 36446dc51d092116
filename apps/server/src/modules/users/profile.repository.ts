import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { users, works } from '../../db/schema';

export type TProfileRow = {
  id: number;
  nickname: string;
  email: string;
  avatar: string;
  bio: string;
  tag: string;
  points: number;
  likesPublic: boolean;
  favorPublic: boolean;
};
export type TWorkTotals = { workCount: number; likes: number; favorites: number };

/** The SQL of public profiles (SPEC 2 /userInfor/:id). */
export class ProfileRepository {
  constructor(private readonly db: TDatabase) {}

  async findUser(id: number): Promise<TProfileRow | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        nickname: users.nickname,
        email: users.email,
        avatar: users.avatar,
        bio: users.bio,
        tag: users.tag,
        points: users.points,
        likesPublic: users.likesPublic,
        favorPublic: users.favorPublic,
      })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  /** Published works of the user and the likes and favourites they received. */
  async workTotals(userId: number): Promise<TWorkTotals> {
    const [row] = await this.db
      .select({
        workCount: sql<number>`count(*)::int`,
        likes: sql<number>`coalesce(sum(${works.likeCount}), 0)::int`,
        favorites: sql<number>`coalesce(sum(${works.favorCount}), 0)::int`,
      })
      .from(works)
      .where(and(eq(works.userId, userId), eq(works.status, 'published'), isNull(works.deletedAt)));
    return row ?? { workCount: 0, likes: 0, favorites: 0 };
  }
}
