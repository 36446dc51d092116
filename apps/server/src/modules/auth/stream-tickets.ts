import { randomBytes } from 'node:crypto';
import { LIMITS, type TStreamTicket } from '@layerline/contract';
import type { TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter/limiter';
import { hashesEqual, keyedHash, type TAuthKeys } from './auth-keys';

export type TStreamTicketsDeps = {
  keys: TAuthKeys;
  clock: TClock;
  /** Where a ticket's use is counted: every instance together with Redis (DESIGN 2). */
  limiter: Limiter;
  /** The caller of a live session, read as the auth guard reads it (ADR 0050). */
  sessionAuth: (userId: number, sid: string) => Promise<TAuth | null>;
};

const PURPOSE = 'stream-ticket';
const SID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Tickets that open a live stream (ADR 0074). EventSource cannot send an
 * Authorization header, and an access token in a URL stays in proxies'
 * and servers' access logs for its 15 minutes. A ticket names the caller's
 * session, is signed with the auth keys, lasts LIMITS.streamTicketTtlS
 * seconds and opens one stream: its nonce is counted in the limiter's
 * store, which every instance shares when Redis is configured. The stream
 * it opens lives as long as the session (logout, a password change or a
 * suspension end it at its next event).
 */
export class StreamTickets {
  constructor(private readonly deps: TStreamTicketsDeps) {}

  issue(auth: Pick<TAuth, 'userId' | 'sid'>): TStreamTicket {
    const expiresIn = LIMITS.streamTicketTtlS;
    const exp = Math.floor(this.deps.clock().getTime() / 1000) + expiresIn;
    const nonce = randomBytes(16).toString('base64url');
    const body = `${auth.userId}.${auth.sid}.${exp}.${nonce}`;
    return { ticket: `${body}.${keyedHash(this.deps.keys, PURPOSE, body)}`, expiresIn };
  }

  /** The caller a ticket names, once, while it and its session are valid; null otherwise. */
  async redeem(ticket: string): Promise<TAuth | null> {
    const cut = ticket.lastIndexOf('.');
    if (cut <= 0) return null;
    const body = ticket.slice(0, cut);
    if (!hashesEqual(ticket.slice(cut + 1), keyedHash(this.deps.keys, PURPOSE, body))) return null;
    const [user, sid, exp, nonce, ...rest] = body.split('.');
    const userId = Number(user);
    const expiresAt = Number(exp);
    if (rest.length > 0 || !nonce || !sid || !SID.test(sid)) return null;
    if (!Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(expiresAt)) {
      return null;
    }
    const nowS = this.deps.clock().getTime() / 1000;
    if (expiresAt <= nowS) return null;
    const windowMs = Math.ceil((expiresAt - nowS) * 1000) + 1000;
    if (!(await this.deps.limiter.isFirst(PURPOSE, nonce, windowMs))) return null;
    return this.deps.sessionAuth(userId, sid);
  }
}
