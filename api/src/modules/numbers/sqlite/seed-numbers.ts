import type { Database } from 'better-sqlite3';
import { generateNumberPool } from '../seed/number-pool';
import { SEED_OPERATORS } from '../seed/operators';

/** The operators a number can be transferred from (inserted when missing). */
export function seedTransfer(db: Database): void {
  const operator = db.prepare('INSERT OR IGNORE INTO mnp_operators (code, name) VALUES (?, ?)');
  for (const o of SEED_OPERATORS) operator.run(o.code, o.name);
}

/** The number pool (into an empty table only). */
export function seedNumbers(db: Database, poolSize: number): number {
  const { count } = db.prepare('SELECT COUNT(*) AS count FROM numbers').get() as { count: number };
  if (count > 0) return 0;
  // The rows go through a temporary table and then into numbers in one statement: the search
  // index trigger then feeds FTS5 within a single statement, which it buffers, instead of
  // flushing a tiny segment per row (measured on 1,000,000 rows: seconds instead of 45 s).
  const pool = generateNumberPool(poolSize);
  db.exec('CREATE TEMP TABLE seed_numbers (msisdn TEXT NOT NULL, vanity_level INTEGER NOT NULL)');
  try {
    const stage = db.prepare('INSERT INTO temp.seed_numbers (msisdn, vanity_level) VALUES (?, ?)');
    for (const n of pool) stage.run(n.msisdn, n.vanityLevel);
    db.exec('INSERT INTO numbers (msisdn, vanity_level) SELECT msisdn, vanity_level FROM temp.seed_numbers ORDER BY rowid');
  } finally {
    db.exec('DROP TABLE temp.seed_numbers');
  }
  return pool.length;
}
