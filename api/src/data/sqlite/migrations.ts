import type { Database } from 'better-sqlite3';

/**
 * Schema migrations, applied in order and recorded in schema_migrations, so opening a
 * database twice (or an older one) is safe. Append new versions; never edit an applied one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE products (
        code INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        category TEXT NOT NULL CHECK (category IN ('PAYG', 'Commitment', 'VIP')),
        commitment_duration INTEGER NOT NULL CHECK (commitment_duration > 0),
        is_tourist INTEGER NOT NULL DEFAULT 0 CHECK (is_tourist IN (0, 1)),
        allowed_features TEXT NOT NULL DEFAULT '[]'
      );
      CREATE TABLE sub_plans (
        id INTEGER PRIMARY KEY,
        product_code INTEGER NOT NULL REFERENCES products(code),
        type TEXT NOT NULL CHECK (type IN ('DATA', 'VOICE-LCL', 'VOICE-INT')),
        name TEXT NOT NULL,
        value INTEGER NOT NULL CHECK (value >= -1),
        validity_days INTEGER NOT NULL CHECK (validity_days > 0),
        daily_allowance INTEGER
      );
      CREATE INDEX sub_plans_by_product ON sub_plans(product_code);
      CREATE TABLE package_prices (
        product_code INTEGER PRIMARY KEY REFERENCES products(code),
        plan_net_price REAL NOT NULL CHECK (plan_net_price >= 0),
        vat_percentage REAL NOT NULL CHECK (vat_percentage >= 0)
      );

      CREATE TABLE users (
        uid TEXT PRIMARY KEY,
        device_id TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        current_product_code INTEGER REFERENCES products(code),
        product_saved INTEGER NOT NULL DEFAULT 0 CHECK (product_saved IN (0, 1)),
        number_flag INTEGER NOT NULL DEFAULT 0 CHECK (number_flag IN (0, 1)),
        plan_flag INTEGER NOT NULL DEFAULT 0 CHECK (plan_flag IN (0, 1))
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        device_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_by_last_seen ON sessions(last_seen_at);

      CREATE TABLE saved_plans (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uid TEXT NOT NULL UNIQUE REFERENCES users(uid) ON DELETE CASCADE,
        product_code INTEGER NOT NULL REFERENCES products(code),
        plan_ids TEXT NOT NULL,
        plan_net_price REAL NOT NULL,
        extra_charges TEXT NOT NULL,
        net_price REAL NOT NULL,
        vat_percentage REAL NOT NULL,
        vat_amount REAL NOT NULL,
        created_at INTEGER NOT NULL
      );

      -- A hold is (holder, reserved_at, held_until), all set or all null. The rowid stays
      -- (no WITHOUT ROWID) because the random offer seeks by it.
      CREATE TABLE numbers (
        msisdn TEXT PRIMARY KEY CHECK (msisdn GLOB '9715[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
        vanity_level INTEGER NOT NULL,
        holder TEXT REFERENCES users(uid),
        reserved_at INTEGER,
        held_until INTEGER,
        CHECK ((holder IS NULL) = (held_until IS NULL) AND (holder IS NULL) = (reserved_at IS NULL))
      );
      -- One hold per user, enforced by the database whatever the code above it does.
      CREATE UNIQUE INDEX numbers_one_hold_per_user ON numbers(holder) WHERE holder IS NOT NULL;
      CREATE INDEX numbers_holds_by_expiry ON numbers(held_until) WHERE holder IS NOT NULL;

      CREATE TABLE business_config (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE translations (
        container_id TEXT NOT NULL,
        language TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (container_id, language, key)
      );
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

export function schemaVersion(db: Database): number {
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
  return row.version ?? 0;
}

/** Applies the migrations this database lacks; each in its own transaction. Returns the versions applied. */
export function migrate(db: Database, now: number): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    // Read inside the loop and the transaction: another process may have migrated meanwhile.
    db.transaction(() => {
      if (schemaVersion(db) >= m.version) return;
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, now);
      applied.push(m.version);
    }).immediate();
  }
  return applied;
}
