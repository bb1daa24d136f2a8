import type { Database } from 'better-sqlite3';
import type { SessionRecord, SessionRepository, UserRecord } from '../repository';
import { toSessionRecord, toUserRecord } from '../session-rows';
import { sessionStatements } from './session-statements';

/** The embedded SQLite implementation of SessionRepository. */
export class SqliteSessionRepository implements SessionRepository {
  private readonly sessions: ReturnType<typeof sessionStatements>;

  constructor(db: Database) {
    this.sessions = sessionStatements(db);
  }

  async findOrCreateUser(deviceId: string, uid: string, now: number): Promise<UserRecord> {
    this.sessions.insertIfNew.run(uid, deviceId, now);
    const row = this.sessions.byDevice.get(deviceId);
    if (!row) throw new Error('user row missing right after insert');
    return toUserRecord(row);
  }

  async createSession(tokenHash: string, user: UserRecord, now: number): Promise<void> {
    this.sessions.insertSession.run(tokenHash, user.uid, user.deviceId, now, now);
  }

  async findSession(tokenHash: string): Promise<SessionRecord | null> {
    const row = this.sessions.session.get(tokenHash);
    return row ? toSessionRecord(row) : null;
  }

  async touchSession(tokenHash: string, now: number): Promise<void> {
    this.sessions.touchSession.run(now, tokenHash);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.sessions.deleteSession.run(tokenHash);
  }

  async deleteStaleSessions(idleBefore: number, createdBefore: number): Promise<number> {
    return this.sessions.deleteStaleSessions.run(idleBefore, createdBefore).changes;
  }
}
