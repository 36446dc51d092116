import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { authSessions, refreshTokens, users } from '../../db/schema';

export type TRefreshTokenRow = typeof refreshTokens.$inferSelect;
export type TRevokeReason = 'logout' | 'password' | 'reuse';

/** All SQL of login sessions (refresh-token families) and their refresh tokens. */
export class SessionRepository {
  constructor(private readonly db: TDatabase) {}

  async createSession(id: string, userId: number, now: Date): Promise<void> {
    await this.db.insert(authSessions).values({ id, userId, createdAt: now, lastUsedAt: now });
  }

  async insertToken(row: {
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<void> {
    await this.db.insert(refreshTokens).values(row);
  }

  async findToken(tokenHash: string): Promise<TRefreshTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /**
   * The session row locked until the transaction ends, with its user's
   * current role: a rotation and a revocation of one family never interleave.
   */
  async lockSession(id: string) {
    const [session] = await this.db
      .select({ userId: authSessions.userId, revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .where(eq(authSessions.id, id))
      .for('update');
    if (!session) return undefined;
    const [user] = await this.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, session.userId));
    return user ? { ...session, role: user.role } : undefined;
  }

  /** False when the token was rotated meanwhile. */
  async markRotated(tokenId: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length > 0;
  }

  async touchSession(id: string, now: Date): Promise<void> {
    await this.db.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, id));
  }

  async revokeSession(id: string, reason: TRevokeReason, now: Date): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)));
  }

  async revokeUserSessions(userId: number, reason: TRevokeReason, now: Date): Promise<number> {
    const rows = await this.db
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id });
    return rows.length;
  }

  /**
   * The access check of every authenticated request: one primary-key lookup
   * joined to the user, so a revoked family or a deleted user fails at once
   * and a changed role or a suspension applies at once. Prepared once per
   * database: it runs on every signed-in request.
   */
  async activeSessionRole(sid: string, userId: number) {
    const query = preparedOnce(this.db, 'auth_active_session_role', () =>
      this.db
        .select({
          role: users.role,
          suspendedAt: users.suspendedAt,
          suspendedReason: users.suspendedReason,
          suspendedUntil: users.suspendedUntil,
        })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            eq(authSessions.id, sql.placeholder('sid')),
            eq(authSessions.userId, sql.placeholder('userId')),
            isNull(authSessions.revokedAt),
          ),
        )
        .prepare('auth_active_session_role'),
    );
    const [row] = await query.execute({ sid, userId });
    return row;
  }

  /** Drops tokens past their expiry and sessions unused for longer than a token lives. */
  async deleteExpired(now: Date, sessionIdleMs: number): Promise<void> {
    await this.db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now));
    await this.db
      .delete(authSessions)
      .where(lt(authSessions.lastUsedAt, new Date(now.getTime() - sessionIdleMs)));
  }
}
