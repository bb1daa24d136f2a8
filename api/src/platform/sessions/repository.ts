/**
 * The visitors (a device's user row, which every module's rows belong to) and their sessions;
 * session ids are stored only as hashes. The platform's own: the session guard reads them, and
 * no module's repository is needed to find who is calling.
 */
export interface UserRecord {
  uid: string;
  deviceId: string;
}

export type LoginMethod = 'password' | 'code' | 'google';

export interface SessionRecord {
  uid: string;
  deviceId: string;
  createdAt: number;
  lastSeenAt: number;
  /** Set on a session a login upgraded (SPEC 6 "logged-in user"); null on a device-id session. */
  accountId: string | null;
  loginMethod: LoginMethod | null;
}

/** Users (one per device) and their sessions. */
export interface SessionRepository {
  findOrCreateUser(deviceId: string, uid: string, now: number): Promise<UserRecord>;
  createSession(tokenHash: string, user: UserRecord, now: number): Promise<void>;
  findSession(tokenHash: string): Promise<SessionRecord | null>;
  touchSession(tokenHash: string, now: number): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Removes sessions idle since before `idleBefore` or created before `createdBefore`. */
  deleteStaleSessions(idleBefore: number, createdBefore: number): Promise<number>;
}
