import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Opens the SQLite file with the settings the store relies on: WAL so readers never wait on
 * the writer, foreign keys on (SQLite leaves them off by default), a busy timeout so a
 * second process waits for the write lock instead of failing at once, and a page cache big
 * enough (64 MiB, filled only as pages are read) for a 1,000,000-number pool and its search
 * index to stay in memory.
 */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  return db;
}
