import type { TPointsReason } from '@layerline/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { pointsClaims, pointsLedger, posts, users, works } from '../../db/schema';

export type TLedgerRow = typeof pointsLedger.$inferSelect;
export type TClaim = { userId: number; kind: string; period: string; amount: number };

/**
 * All SQL of points (ADR 0011): balances on users.points, the append-only
 * ledger and the once-per-period claims. The rules (never below 0, one
 * ledger row per change, the day's top-up) are points.ledger's, on the
 * repository of the caller's transaction.
 */
export class PointsRepository {
  constructor(private readonly db: TDatabase) {}

  /** The user's balance; undefined when there is no such user. */
  async balance(userId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ points: users.points })
      .from(users)
      .where(eq(users.id, userId));
    return row?.points;
  }

  /**
   * The balance, the user row locked until the transaction ends. NO KEY
   * UPDATE, as the UPDATE of the balance takes: it does not wait for (or
   * deadlock with) transactions that only hold the row as a foreign key (a
   * like, a comment of this user).
   */
  async lockedBalance(userId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ points: users.points })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    return row?.points;
  }

  /**
   * Adds `delta` in one atomic UPDATE ... RETURNING on the user row (so
   * concurrent changes serialise on the row lock and never lose an update),
   * unless the balance would go below 0: the balance after, or undefined
   * when nothing changed (no such user, or not enough points).
   */
  async addToBalance(userId: number, delta: number): Promise<number | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ points: sql`${users.points} + ${delta}` })
      .where(and(eq(users.id, userId), sql`${users.points} + ${delta} >= 0`))
      .returning({ points: users.points });
    return row?.points;
  }

  async userExists(userId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return row !== undefined;
  }

  /** The account with this e-mail, compared case-insensitively (users_email_lower_uq). */
  async userByEmail(email: string): Promise<{ id: number; email: string } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row;
  }

  async appendLedger(row: {
    userId: number;
    delta: number;
    reason: TPointsReason;
    refType: string | null;
    refId: string | null;
    note: string;
    balanceAfter: number;
  }): Promise<void> {
    await this.db.insert(pointsLedger).values(row);
  }

  /** The user's ledger rows, newest first. */
  ledgerPage(userId: number, page: { limit: number; offset: number }): Promise<TLedgerRow[]> {
    return this.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId))
      .orderBy(desc(pointsLedger.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  async ledgerCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId));
    return row?.total ?? 0;
  }

  /**
   * Records a claim that may happen once per period (the unique user + kind +
   * period key holds under concurrency); false when it was already made.
   */
  async claim(claim: TClaim): Promise<boolean> {
    const claimed = await this.db
      .insert(pointsClaims)
      .values(claim)
      .onConflictDoNothing()
      .returning({ userId: pointsClaims.userId });
    return claimed.length > 0;
  }

  /** The claim of that user, kind and period, when made. */
  async findClaim(
    userId: number,
    kind: string,
    period: string,
  ): Promise<{ amount: number } | undefined> {
    const [row] = await this.db
      .select({ amount: pointsClaims.amount })
      .from(pointsClaims)
      .where(
        and(
          eq(pointsClaims.userId, userId),
          eq(pointsClaims.kind, kind),
          eq(pointsClaims.period, period),
        ),
      );
    return row;
  }

  /** The balance read together with the amount of one claim (null when not made). */
  async balanceWithClaim(
    userId: number,
    kind: string,
    period: string,
  ): Promise<{ balance: number; granted: number | null } | undefined> {
    const [row] = await this.db
      .select({ balance: users.points, granted: pointsClaims.amount })
      .from(users)
      .leftJoin(
        pointsClaims,
        and(
          eq(pointsClaims.userId, users.id),
          eq(pointsClaims.kind, kind),
          eq(pointsClaims.period, period),
        ),
      )
      .where(eq(users.id, userId));
    return row;
  }

  /** The user's claims of kinds starting with `prefix`. */
  claimsOf(userId: number, prefix: string): Promise<{ kind: string; period: string }[]> {
    return this.db
      .select({ kind: pointsClaims.kind, period: pointsClaims.period })
      .from(pointsClaims)
      .where(and(eq(pointsClaims.userId, userId), sql`${pointsClaims.kind} like ${`${prefix}%`}`));
  }

  /** What the one-off tasks are judged by: the profile, and whether a work or post exists. */
  async taskFacts(userId: number): Promise<
    | {
        profile: { avatar: string; nickname: string; bio: string };
        hasPublishedWork: boolean;
        hasPost: boolean;
      }
    | undefined
  > {
    const [profile] = await this.db
      .select({ avatar: users.avatar, nickname: users.nickname, bio: users.bio })
      .from(users)
      .where(eq(users.id, userId));
    if (!profile) return undefined;
    const [published] = await this.db
      .select({ id: works.id })
      .from(works)
      .where(and(eq(works.userId, userId), eq(works.status, 'published'), isNull(works.deletedAt)))
      .limit(1);
    const [post] = await this.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.userId, userId))
      .limit(1);
    return { profile, hasPublishedWork: published !== undefined, hasPost: post !== undefined };
  }
}
