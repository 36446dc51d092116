import { randomBytes, randomUUID } from 'node:crypto';
import { Code, ROLES, type TRole, type TStreamTicket, type TTokens } from '@layerline/contract';
import { jwtVerify, SignJWT } from 'jose';
import type { TDatabase } from '../../db/client';
import { type TRepositories, UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import type { TAuth } from '../../kernel/request-auth';
import { isSuspended } from '../../kernel/suspension';
import type { TClock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter/limiter';
import type { LiveEvents } from '../../lib/live-events';
import type { TAuthKeys } from './auth-keys';
import { keyedHash } from './auth-keys';
import type { SessionRepository, TRevokeReason } from './session.repository';
import { SessionChecks } from './session-checks';
import { StreamTickets } from './stream-tickets';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type TTokenDeps = {
  db: TDatabase;
  repository: SessionRepository;
  keys: TAuthKeys;
  clock: TClock;
  /**
   * How long this instance trusts a session it read (ADR 0050; SESSION_CACHE_MS);
   * 0 or absent reads it on every request.
   */
  sessionCacheMs?: number;
  /** Where session changes reach every instance (DESIGN 2 live events, topic `sessions`). */
  events?: LiveEvents;
  /** Counts each live stream ticket's one use (ADR 0074); without it no tickets are issued. */
  limiter?: Limiter;
};

type TAccessClaims = { userId: number; sid: string };

/**
 * Access tokens already verified, by their whole text (signature included):
 * a signed-in reader sends the same token with every request for 15
 * minutes, and checking its HS256 signature through WebCrypto took about
 * 0.25 ms of the event loop each time (docs/PERFORMANCE.md). Only verified
 * tokens are kept, until their expiry, at most VERIFIED_TOKENS_KEPT; the
 * session behind one is checked on every request (SessionChecks, ADR 0050),
 * so a revoked session or a suspended user stops at once.
 */
export const VERIFIED_TOKENS_KEPT = 10_000;

const unauthorized = () => new AppError(Code.UNAUTHORIZED, 'unauthorized');

/**
 * Tokens (DESIGN 3): a 15-minute HS256 access JWT (sub, role, sid) and an
 * opaque 30-day refresh token that rotates on every use. Each login starts a
 * session (the refresh-token family, `sid`); a rotated refresh token that
 * comes back means it was copied, so the whole family is revoked.
 */
export class TokenService {
  private readonly verified = new Map<string, TAccessClaims & { expiresAtMs: number }>();

  private readonly uow: UnitOfWork;

  private readonly checks: SessionChecks<
    Awaited<ReturnType<SessionRepository['activeSessionRole']>>
  >;

  private readonly tickets: StreamTickets | undefined;

  constructor(private readonly deps: TTokenDeps) {
    this.uow = new UnitOfWork(deps.db);
    this.tickets = deps.limiter
      ? new StreamTickets({
          keys: deps.keys,
          clock: deps.clock,
          limiter: deps.limiter,
          sessionAuth: (userId, sid) => this.sessionAuth(userId, sid),
        })
      : undefined;
    this.checks = new SessionChecks({
      read: (sid, userId) => deps.repository.activeSessionRole(sid, userId),
      ttlMs: deps.sessionCacheMs ?? 0,
    });
    deps.events?.subscribe('sessions', (signal) => this.checks.drop(signal.userIds));
  }

  /**
   * After a transaction that revoked sessions or changed a user's role or
   * suspension committed (ADR 0050): this instance forgets those users'
   * sessions before the answer goes, and every other one as the signal
   * arrives. A signal lost with Redis is bounded by SESSION_CACHE_MS.
   */
  async sessionsChanged(userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    this.checks.drop(userIds);
    await this.deps.events?.publish('sessions', { userIds: [...userIds] }).catch(() => undefined);
  }

  private hash(token: string): string {
    return keyedHash(this.deps.keys, 'refresh', token);
  }

  private async signAccess(userId: number, role: TRole, sid: string): Promise<string> {
    const now = Math.floor(this.deps.clock().getTime() / 1000);
    return (
      new SignJWT({ role, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        // Unique per token, so two issued in the same second still differ.
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_S)
        .sign(this.deps.keys.jwt)
    );
  }

  private async newRefreshToken(
    sessions: SessionRepository,
    familyId: string,
    now: Date,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await sessions.insertToken({
      familyId,
      tokenHash: this.hash(token),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      createdAt: now,
    });
    return token;
  }

  /**
   * Starts a session, on the caller's unit of work (register), or on
   * `uow.repositories` (login: each statement on its own, as before).
   */
  async issue(tx: TRepositories, userId: number, role: TRole): Promise<TTokens> {
    const now = this.deps.clock();
    const { sessions } = tx;
    await sessions.deleteExpired(now, REFRESH_TOKEN_TTL_MS);
    const sid = randomUUID();
    await sessions.createSession(sid, userId, now);
    const refresh_token = await this.newRefreshToken(sessions, sid, now);
    return { access_token: await this.signAccess(userId, role, sid), refresh_token };
  }

  /** SPEC 4 token refresh: a new pair for a live refresh token; 401 otherwise. */
  async rotate(refreshToken: string | undefined): Promise<TTokens> {
    if (!refreshToken) throw unauthorized();
    const { clock } = this.deps;
    const tokenHash = this.hash(refreshToken);
    let revokedUserId: number | undefined;
    const outcome = await this.uow.run(async (tx) => {
      const { sessions } = tx;
      const row = await sessions.findToken(tokenHash);
      if (!row) return undefined;
      const session = await sessions.lockSession(row.familyId);
      const now = clock();
      if (!session || session.revokedAt) return undefined;
      const isReplay = row.rotatedAt !== null;
      if (!isReplay && row.expiresAt.getTime() <= now.getTime()) return undefined;
      if (isReplay || !(await sessions.markRotated(row.id, now))) {
        // Replay of a rotated token: whoever holds the family now may be a thief.
        await sessions.revokeSession(row.familyId, 'reuse', now);
        revokedUserId = session.userId;
        return undefined;
      }
      await sessions.touchSession(row.familyId, now);
      const refresh_token = await this.newRefreshToken(sessions, row.familyId, now);
      const access_token = await this.signAccess(session.userId, session.role, row.familyId);
      return { access_token, refresh_token };
    });
    if (revokedUserId !== undefined) await this.sessionsChanged([revokedUserId]);
    if (!outcome) throw unauthorized();
    return outcome;
  }

  /**
   * Reads a signed access token. `allowExpired` accepts one past its expiry
   * (up to a refresh token's life) for logout, which must end the session
   * even when the client's access token has just run out.
   */
  async readAccessToken(
    token: string,
    options: { allowExpired?: boolean } = {},
  ): Promise<TAccessClaims | undefined> {
    const strict = !options.allowExpired;
    const known = strict ? this.verified.get(token) : undefined;
    if (known) {
      if (known.expiresAtMs > this.deps.clock().getTime()) {
        return { userId: known.userId, sid: known.sid };
      }
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.deps.keys.jwt, {
        algorithms: ['HS256'],
        currentDate: this.deps.clock(),
        clockTolerance: options.allowExpired ? REFRESH_TOKEN_TTL_MS / 1000 : 0,
        requiredClaims: ['sub', 'sid', 'exp'],
      });
      const userId = Number(payload.sub);
      const sid = payload.sid;
      if (!Number.isSafeInteger(userId) || userId <= 0) return undefined;
      if (typeof sid !== 'string' || !UUID.test(sid)) return undefined;
      if (strict && typeof payload.exp === 'number') this.remember(token, userId, sid, payload.exp);
      return { userId, sid };
    } catch {
      return undefined;
    }
  }

  private remember(token: string, userId: number, sid: string, exp: number): void {
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      // The oldest first: Map keeps insertion order.
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { userId, sid, expiresAtMs: exp * 1000 });
  }

  /** The guard's check: a valid token of a live session; the role is read fresh. */
  async authenticate(token: string): Promise<TAuth | null> {
    const claims = await this.readAccessToken(token);
    return claims ? this.sessionAuth(claims.userId, claims.sid) : null;
  }

  /** A ticket that opens one live stream of the caller's session (ADR 0074). */
  issueStreamTicket(auth: TAuth): TStreamTicket {
    if (!this.tickets) throw new Error('stream tickets need the limiter');
    return this.tickets.issue(auth);
  }

  /** The caller a stream ticket names, once; null when it is not valid (ADR 0074). */
  async redeemStreamTicket(ticket: string): Promise<TAuth | null> {
    return (await this.tickets?.redeem(ticket)) ?? null;
  }

  /**
   * The caller of session `sid` while it is live (SESSION_CACHE_MS, ADR
   * 0050), with the role and suspension read fresh: what a live stream asks
   * again at each event (ADR 0074).
   */
  async sessionAuth(userId: number, sid: string): Promise<TAuth | null> {
    const row = await this.checks.check(sid, userId);
    const role = row?.role;
    if (!row || !role || !(ROLES as readonly string[]).includes(role)) return null;
    return {
      userId,
      role,
      sid,
      // A suspension past its end counts as lifted (the sweep clears and audits it).
      ...(isSuspended(row, this.deps.clock()) ? { suspendedReason: row.suspendedReason } : {}),
    };
  }

  /**
   * Ends every session of the user; their access tokens stop working at once
   * once the caller's transaction committed and called `sessionsChanged`.
   */
  async revokeAll(tx: TRepositories, userId: number, reason: TRevokeReason): Promise<void> {
    await tx.sessions.revokeUserSessions(userId, reason, this.deps.clock());
  }
}
