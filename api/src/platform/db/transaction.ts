import type { Database } from 'better-sqlite3';

/**
 * One write transaction on the SQLite connection. better-sqlite3 is synchronous, so the
 * transaction runs to the end before another request is served in this process, and BEGIN
 * IMMEDIATE takes the write lock at once, which serialises writers across processes. A
 * transaction called inside another becomes a savepoint of it, so a repository's steps compose
 * into a caller's transaction.
 */
export function immediate<T>(db: Database, work: () => T): T {
  return db.transaction(work).immediate();
}

/** By its code, not `instanceof Error`: a SqliteError may come from another realm (a Jest worker's earlier file). */
export const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/**
 * Copies the WAL into the database and truncates it to nothing; false when a reader on another
 * connection kept it busy (the next call tries again). Deleted rows are zeroed in the database
 * (secure_delete), but the WAL keeps the frames that carried them until a checkpoint overwrites
 * it. Never inside a transaction.
 */
export function truncateWal(db: Database): boolean {
  const [row] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
  return row?.busy === 0;
}
