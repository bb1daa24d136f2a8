import type { Database } from 'better-sqlite3';
import { hashPasswordSync } from '../passwords';
import { SEED_ACCOUNTS, SEED_TERMINATED_NUMBERS } from '../seed/accounts';

/**
 * One hash per seeded password per process: scrypt costs about 130 ms on purpose, and a test
 * run opens hundreds of fresh databases. The salt is random all the same; only these sandbox
 * accounts share it across the databases one process seeds.
 */
const seedHashes = new Map<string, string>();
export const seedHashOf = (password: string): string => {
  let hash = seedHashes.get(password);
  if (!hash) seedHashes.set(password, (hash = hashPasswordSync(password)));
  return hash;
};

/**
 * The sandbox accounts and terminated lines: inserted when missing, never overwritten, so a
 * tester's changes (a password set on noor@) survive a restart, and a database that already
 * has them costs no hashing at all.
 */
export function seedAccounts(db: Database): void {
  const exists = db.prepare<[string], { id: string }>('SELECT id FROM accounts WHERE email = ?');
  const insert = db.prepare(
    `INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  );
  for (const a of SEED_ACCOUNTS) {
    if (exists.get(a.email)) continue;
    insert.run(a.id, a.email, a.password === null ? null : seedHashOf(a.password), a.createdAt, a.createdAt);
  }
  const terminated = db.prepare('INSERT OR IGNORE INTO terminated_numbers (email, msisdn, terminated_at) VALUES (?, ?, ?)');
  for (const t of SEED_TERMINATED_NUMBERS) terminated.run(t.email, t.msisdn, t.terminatedAt);
}
