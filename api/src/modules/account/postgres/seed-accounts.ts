import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { SEED_ACCOUNTS, SEED_TERMINATED_NUMBERS } from '../seed/accounts';
import { seedHashOf } from '../sqlite/seed-accounts';

/**
 * The sandbox accounts and terminated lines (sqlite/seed-accounts.ts, the same rules): inserted
 * when missing, never overwritten, so a tester's changes (a password set on noor@) survive a
 * restart, and a database that already has them costs no hashing at all. One statement per table.
 */
export async function seedAccounts(db: PgDatabase): Promise<void> {
  const present = new Set(
    (await db.many<{ email: string }>('SELECT email FROM accounts WHERE email = ANY($1::text[])', [SEED_ACCOUNTS.map((a) => a.email)])).map((r) => r.email),
  );
  const missing = SEED_ACCOUNTS.filter((a) => !present.has(a.email));
  if (missing.length > 0) {
    await db.run(
      `INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at)
       SELECT id, email, password_hash, created_at, created_at FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS s (id, email, password_hash, created_at)
       ON CONFLICT DO NOTHING`,
      [missing.map((a) => a.id), missing.map((a) => a.email), missing.map((a) => (a.password === null ? null : seedHashOf(a.password))), missing.map((a) => a.createdAt)],
    );
  }
  await db.run(
    `INSERT INTO terminated_numbers (email, msisdn, terminated_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
     ON CONFLICT DO NOTHING`,
    [SEED_TERMINATED_NUMBERS.map((t) => t.email), SEED_TERMINATED_NUMBERS.map((t) => t.msisdn), SEED_TERMINATED_NUMBERS.map((t) => t.terminatedAt)],
  );
}
