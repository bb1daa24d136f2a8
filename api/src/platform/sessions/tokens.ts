import * as crypto from 'node:crypto';
import { createHash, randomBytes } from 'node:crypto';
import type { LoginMethod } from './repository';

/**
 * A session's token: 256 random bits the client keeps, stored only as its SHA-256 so a copy of
 * the database cannot be replayed (the HTTP guard is platform/http/session-auth.ts).
 */
export const newSessionToken = (): string => randomBytes(32).toString('hex');
/**
 * The one-shot crypto.hash (Node 20.12 and later) where there is one: a third of createHash's
 * time, and every call with a session hashes its token. The same hex digest either way.
 */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;
export const hashToken: (token: string) => string = oneShot
  ? (token) => oneShot('sha256', token, 'hex')
  : (token) => createHash('sha256').update(token).digest('hex');

/** The session a request (or a service acting for it) is in. */
export interface AuthContext {
  uid: string;
  deviceId: string;
  tokenHash: string;
  /** The account of a session a login upgraded; null on a device-id session (SPEC 6 "visitor"). */
  accountId: string | null;
  loginMethod: LoginMethod | null;
}
