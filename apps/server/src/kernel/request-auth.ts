import { Code, ROLES, type TRole } from '@layerline/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';

/**
 * Who is calling: the user, their current role and the session (token family)
 * id; `suspendedReason` is set while a moderator has suspended the account.
 * Every module reads it; the auth module's guard sets it (ADR 0047).
 */
export type TAuth = { userId: number; role: TRole; sid: string; suspendedReason?: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api request with a valid access token of a live session; null otherwise. */
    auth: TAuth | null;
  }
}

/** Resolves an access token to its caller (the auth module's tokens); null when not valid. */
export interface AccessAuthenticator {
  authenticate(token: string): Promise<TAuth | null>;
}

/** The token of 'Authorization: Bearer <token>' (SPEC 7), if any. */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** What opens and keeps a live stream (the auth module's tokens, ADR 0074). */
export interface StreamAuthenticator extends AccessAuthenticator {
  /** The caller a stream ticket names, once; null when it is not valid. */
  redeemStreamTicket(ticket: string): Promise<TAuth | null>;
  /** The caller of a session while it is live, read as the guard reads it. */
  sessionAuth(userId: number, sid: string): Promise<TAuth | null>;
}

/**
 * The caller of a Server-Sent Events route: EventSource cannot set headers,
 * so it brings a ticket in `?ticket=` (POST /user/stream_ticket, used once);
 * other clients may send the Authorization header. Never the access token in
 * the URL, where access logs keep it (ADR 0074). 401 `unauthorized` without a
 * valid one, before the reply is taken over.
 */
export async function authenticateStream(
  request: Pick<FastifyRequest, 'headers'> & { query: { ticket?: string } },
  authenticator: StreamAuthenticator,
): Promise<TAuth> {
  const { ticket } = request.query;
  const token = ticket === undefined ? bearerToken(request) : undefined;
  const auth = ticket
    ? await authenticator.redeemStreamTicket(ticket)
    : token
      ? await authenticator.authenticate(token)
      : null;
  if (!auth) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
  return auth;
}

const RANK: Record<TRole, number> = Object.fromEntries(ROLES.map((role, i) => [role, i])) as Record<
  TRole,
  number
>;

/** Roles are ordered user < moderator < admin; each has the rights of those below. */
export function hasRole(auth: TAuth | null, role: TRole): boolean {
  return auth !== null && RANK[auth.role] >= RANK[role];
}

/**
 * Route hook: 401 `unauthorized` without a valid session (SPEC 8: the client
 * refreshes and replays). Use as `onRequest`, so a visitor gets 401 before
 * any body validation.
 */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
}

/**
 * Route hook of the write paths a suspension closes (publish or edit a work,
 * post, comment, start an AI job): 401 without a session, 403
 * `accountSuspended` naming the reason for a suspended account. The
 * suspension is read with the session, so this costs no extra query.
 */
export async function requireActive(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
  const reason = request.auth.suspendedReason;
  if (reason !== undefined) {
    throw new AppError(Code.FORBIDDEN, 'accountSuspended', { reason }, { reason });
  }
}

/** Route hook: 401 without a session, 403 `forbidden` below `role`. */
export function requireRole(role: Exclude<TRole, 'user'>) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.auth) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
    if (!hasRole(request.auth, role)) throw new AppError(Code.FORBIDDEN, 'forbidden');
  };
}

/** The caller in a handler behind `requireAuth`; throws 401 if the hook was left out. */
export function authOf(request: FastifyRequest): TAuth {
  if (!request.auth) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
  return request.auth;
}
