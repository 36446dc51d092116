import { randomBytes } from 'node:crypto';
import { LIMITS } from '@layerline/contract';
import { describe, expect, it, vi } from 'vitest';
import type { TAuth } from '../../kernel/request-auth';
import { Limiter } from '../../lib/limiter/limiter';
import { MemoryLimiterStore } from '../../lib/limiter/memory.store';
import type { TAuthKeys } from './auth-keys';
import { StreamTickets } from './stream-tickets';

const SID = '0b7e2b8c-1d2a-4c6e-9f00-123456789abc';
const caller: TAuth = { userId: 7, role: 'user', sid: SID };

function tickets(options: { keys?: TAuthKeys; live?: boolean } = {}) {
  let now = new Date('2026-11-29T06:00:00Z');
  const clock = () => now;
  const keys = options.keys ?? { jwt: randomBytes(32), hash: randomBytes(32) };
  const sessionAuth = vi.fn(async (userId: number, sid: string) =>
    options.live === false ? null : { ...caller, userId, sid },
  );
  const service = new StreamTickets({
    keys,
    clock,
    limiter: new Limiter(new MemoryLimiterStore(clock), { warn: () => {} }),
    sessionAuth,
  });
  return {
    service,
    keys,
    sessionAuth,
    later: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe('live stream tickets (ADR 0074)', () => {
  it('names the session, lasts 60 s and opens one stream only', async () => {
    const { service, sessionAuth } = tickets();
    const { ticket, expiresIn } = service.issue(caller);
    expect(expiresIn).toBe(LIMITS.streamTicketTtlS);
    expect(ticket).not.toContain(' ');
    expect(await service.redeem(ticket)).toEqual(caller);
    expect(sessionAuth).toHaveBeenCalledWith(7, SID);
    expect(await service.redeem(ticket)).toBeNull();
    // Two tickets of one session are two uses.
    expect(await service.redeem(service.issue(caller).ticket)).toEqual(caller);
  });

  it('refuses an expired ticket, and one whose session has ended', async () => {
    const clocked = tickets();
    const { ticket } = clocked.service.issue(caller);
    clocked.later(LIMITS.streamTicketTtlS * 1000);
    expect(await clocked.service.redeem(ticket)).toBeNull();
    const ended = tickets({ live: false });
    expect(await ended.service.redeem(ended.service.issue(caller).ticket)).toBeNull();
  });

  it('refuses an edited ticket, a forged one and one signed with other keys', async () => {
    const { service, sessionAuth } = tickets();
    const { ticket } = service.issue(caller);
    const [, sid, exp, nonce, mac] = ticket.split('.');
    for (const bad of [
      `8.${sid}.${exp}.${nonce}.${mac}`,
      `7.${sid}.${Number(exp) + 3600}.${nonce}.${mac}`,
      `7.${sid}.${exp}.${nonce}.${'A'.repeat(mac?.length ?? 43)}`,
      `7.${sid}.${exp}.${nonce}`,
      'garbage',
      '',
      tickets().service.issue(caller).ticket,
    ]) {
      expect(await service.redeem(bad)).toBeNull();
    }
    expect(sessionAuth).not.toHaveBeenCalled();
  });
});
