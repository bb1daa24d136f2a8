import type { PgDatabase } from '../../db/postgres/pg-database';
import type { SessionRecord, SessionRepository, UserRecord } from '../repository';
import { toSessionRecord, toUserRecord, type SessionRow, type UserRow } from '../session-rows';

/** The PostgreSQL implementation of SessionRepository (the same SQL as the SQLite one, $n placeholders). */
export class PgSessionRepository implements SessionRepository {
  constructor(private readonly db: PgDatabase) {}

  async findOrCreateUser(deviceId: string, uid: string, now: number): Promise<UserRecord> {
    await this.db.run('INSERT INTO users (uid, device_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [uid, deviceId, now]);
    const row = await this.db.maybe<UserRow>('SELECT uid, device_id FROM users WHERE device_id = $1', [deviceId]);
    if (!row) throw new Error('user row missing right after insert');
    return toUserRecord(row);
  }

  async createSession(tokenHash: string, user: UserRecord, now: number): Promise<void> {
    await this.db.run('INSERT INTO sessions (token_hash, uid, device_id, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5)', [
      tokenHash,
      user.uid,
      user.deviceId,
      now,
      now,
    ]);
  }

  async findSession(tokenHash: string): Promise<SessionRecord | null> {
    const row = await this.db.maybe<SessionRow>(
      'SELECT uid, device_id, created_at, last_seen_at, account_id, login_method FROM sessions WHERE token_hash = $1',
      [tokenHash],
    );
    return row ? toSessionRecord(row) : null;
  }

  async touchSession(tokenHash: string, now: number): Promise<void> {
    await this.db.run('UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2', [now, tokenHash]);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.run('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async deleteStaleSessions(idleBefore: number, createdBefore: number): Promise<number> {
    return this.db.run('DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2', [idleBefore, createdBefore]);
  }
}

/** Steps of other modules on the visitors' rows (the SQLite statements' deleteSessionsOf and retireDevice). */
export const pgSessionSteps = (db: PgDatabase) => ({
  deleteSessionsOf: (uid: string) => db.run('DELETE FROM sessions WHERE uid = $1', [uid]),
  // A device id cannot contain ':' (SPEC 7 headers), so a retired user is found by none.
  retireDevice: (uid: string) => db.run("UPDATE users SET device_id = 'retired:' || uid WHERE uid = $1", [uid]),
});
