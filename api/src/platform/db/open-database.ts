import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Opens the SQLite file with the settings the repository relies on: WAL so readers never wait on
 * the writer, foreign keys on (SQLite leaves them off by default), a busy timeout so a
 * second process waits for the write lock instead of failing at once, and a page cache big
 * enough (64 MiB, filled only as pages are read) for a 1,000,000-number pool and its search
 * index to stay in memory.
 *
 * Durability: synchronous = FULL for the whole file. In WAL mode NORMAL never corrupts and loses
 * nothing on a process crash, but a power loss may undo the last commits; since payments are taken, a
 * commit can be a payment, and an undone payment record (or the hold and order it belongs to)
 * is money taken with nothing to show for it. SQLite's setting is per database file, not per
 * table; a separate file for money would make "paid" and "order placed" two commits that can
 * disagree after a crash. One file, FULL: about 1.5 ms per commit on this machine's disk
 * (0.14 ms with NORMAL), and the write rate of a sign-up flow is far below that ceiling
 * (reads, most of the traffic, are unaffected). See api/README.md "Durability".
 */
export const SYNCHRONOUS = 'FULL';

/**
 * Data at rest: the database holds identity decisions, document images while a check
 * is under way, orders with addresses and phones. Its files are the server's user's only: the
 * database is created 0600 before SQLite opens it (SQLite gives its -wal and -shm the database
 * file's permissions), files an earlier version left readable are narrowed at every open, and a
 * folder made here is 0700. secure_delete overwrites deleted content with zeros instead of leaving
 * it in free pages; the WAL, which keeps old page images until a checkpoint, is truncated after
 * identity images are deleted (the identity repository: scrubDeletedImages).
 */
export const DATABASE_FILE_MODE = 0o600;
export const DATABASE_DIR_MODE = 0o700;

function ownerOnly(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: DATABASE_DIR_MODE });
  closeSync(openSync(file, 'a', DATABASE_FILE_MODE));
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (!existsSync(f)) continue;
    try {
      chmodSync(f, DATABASE_FILE_MODE);
    } catch (err) {
      // Another user's file: the server cannot make it private, and will not run on it as it is.
      const code = err instanceof Error && 'code' in err ? String((err as { code: unknown }).code) : 'error';
      throw new Error(`database file ${f}: cannot make it readable by this user only (${code}); give it to the server's user (chown)`);
    }
  }
}

export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:' && file !== '') ownerOnly(file);
  const db = new Database(file);
  // First: the switch to WAL below waits too when another process is making the file.
  db.pragma('busy_timeout = 5000');
  db.pragma('secure_delete = ON');
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${SYNCHRONOUS}`);
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -65536');
  return db;
}
