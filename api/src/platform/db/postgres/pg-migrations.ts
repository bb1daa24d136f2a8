import type { Migration } from '../migrations';
import type { PgDatabase } from './pg-database';

/**
 * The PostgreSQL schema's migrations, recorded in schema_migrations as on SQLite. Several API
 * instances may start at the same moment: the first takes a session-level advisory lock and
 * migrates, the others wait on that lock and then find nothing left to do, so each version runs
 * exactly once. Each version runs in its own transaction (PostgreSQL's DDL is transactional: a
 * version applies whole or not at all).
 */
const MIGRATION_LOCK = 'join:schema-migrations';

export async function pgSchemaVersion(db: PgDatabase): Promise<number> {
  const row = await db.maybe<{ version: number | null }>('SELECT MAX(version) AS version FROM schema_migrations');
  return row?.version ?? 0;
}

export async function migratePostgres(db: PgDatabase, migrations: readonly Migration[], now: number): Promise<number[]> {
  const client = await db.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
      const applied: number[] = [];
      for (const m of migrations) {
        await client.query('BEGIN');
        try {
          const { rows } = await client.query<{ version: string | number | null }>('SELECT MAX(version) AS version FROM schema_migrations');
          if (Number(rows[0]?.version ?? 0) >= m.version) {
            await client.query('COMMIT');
            continue;
          }
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, now]);
          await client.query('COMMIT');
          applied.push(m.version);
        } catch (e) {
          await client.query('ROLLBACK');
          throw new Error(`PostgreSQL migration ${m.version} (${m.name}) failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
        }
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
