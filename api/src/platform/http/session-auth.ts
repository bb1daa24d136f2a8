import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { RequestHeaders } from '@join/shared/contract';
import { internalError, sessionExpired } from './http-error';
import { parseInput } from './validate';

/**
 * Sessions: a 256-bit random token the client keeps, stored only as its SHA-256 so a copy
 * of the database cannot be replayed. A session belongs to the device that opened it and
 * ends after an idle period or an absolute lifetime; any failure is SPEC 8 code -27, which
 * the client answers with a silent device-id login.
 */
import type { LoginMethod, SessionRecord, SessionRepository } from '../sessions/repository';
import { hashToken, type AuthContext } from '../sessions/tokens';

export type { LoginMethod };

/** What the session guard needs of the database: the sessions, by their token's hash. */
export type SessionReader = Pick<SessionRepository, 'findSession' | 'touchSession' | 'deleteSession'>;

/** The session guard's inputs, given by the composition root. */
export interface SessionGuardOptions {
  sessions: SessionReader;
  now: () => number;
  /** How long a session lives without a request, and at most. */
  lifetime: { idleMs: number; absoluteMs: number };
}


declare module 'fastify' {
  interface FastifyRequest {
    client: RequestHeaders | null;
    auth: AuthContext | null;
  }
}

const TOKEN = /^[0-9a-f]{64}$/;
/**
 * A session's last-seen time is rewritten at most this often: a write on every request cost
 * as much as the request's own work under load, and a write is a WAL commit, so every active
 * visitor's session wrote one every few seconds at 5 s. A session may so end up to this much
 * before a full idle period (30 minutes) after its very last request; the client then logs in
 * again by device id without a word (SPEC 8 -27).
 */
export const SESSION_TOUCH_EVERY_MS = 60_000;


/**
 * onRequest hook: the SPEC 7 headers, parsed with the contract schema. A callback hook (a
 * refusal thrown here reaches the error handler as from an async one), not a promise per call.
 */
export function parseClientHeaders(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  request.client = parseInput(RequestHeaders, request.headers, 'headers');
  done();
}

export function clientOf(request: FastifyRequest): RequestHeaders {
  if (!request.client) throw internalError();
  return request.client;
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw internalError();
  return request.auth;
}

/**
 * The session rules, on a session read by `find` by its token's hash: the guard's own read
 * (findSession), or a route's read of the session together with its own data in one statement
 * (GET /me/flow_status: a statement is a read transaction of its own, with its lock calls).
 * Refuses with -27 unless the token is well formed, known, shown by its own device and neither
 * idle nor too old (an expired session is deleted); writes the last-seen time at most once a
 * minute; sets request.auth. Answers what `find` read.
 */
export async function admitSession<S extends SessionRecord>(
  request: FastifyRequest,
  { sessions, now: clock, lifetime }: SessionGuardOptions,
  find: (tokenHash: string) => Promise<S | null>,
): Promise<S> {
  const client = clientOf(request);
  const token = client['session-id'];
  if (!token || !TOKEN.test(token)) throw sessionExpired();
  const tokenHash = hashToken(token);
  const session = await find(tokenHash);
  if (!session) throw sessionExpired();
  // A token shown by another device is treated as unknown; the owner's session is left alone.
  if (session.deviceId !== client['device-id']) throw sessionExpired();
  const now = clock();
  if (now - session.lastSeenAt > lifetime.idleMs || now - session.createdAt > lifetime.absoluteMs) {
    await sessions.deleteSession(tokenHash);
    throw sessionExpired();
  }
  if (now - session.lastSeenAt >= SESSION_TOUCH_EVERY_MS) await sessions.touchSession(tokenHash, now);
  request.auth = {
    uid: session.uid,
    deviceId: session.deviceId,
    tokenHash,
    accountId: session.accountId,
    loginMethod: session.loginMethod,
  };
  return session;
}

/** onRequest hook (after parseClientHeaders): checks and refreshes the session. */
export function sessionGuard(options: SessionGuardOptions) {
  const find = (tokenHash: string) => options.sessions.findSession(tokenHash);
  return async (request: FastifyRequest): Promise<void> => {
    await admitSession(request, options, find);
  };
}
