import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { tempDir } from '../../testing/harness';
import { generateNumberPool } from '../../seed/number-pool';
import { SEED_PRODUCTS, subPlanId } from '../../seed/products';
import { FIXED_EXTERNAL_SUBSCRIBERS, SEED_OPERATORS } from '../../seed/transfer';
import { HOLD_POLICY } from '../../domain/holds';
import { MIGRATIONS, SCHEMA_VERSION, schemaVersion } from '../sqlite/migrations';
import { openDatabase } from '../sqlite/open-database';
import { openSqliteStore } from '../sqlite/open-store';

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const V1_PRODUCT_CODES = [199, 187, 207, 188, 208, 196, 206, 100, 103, 106, 112, 212];

/**
 * A database as version 1 left it (schema 1, its seed, two visitors with holds and a saved
 * plan), written with version 1's own SQL so the test does not depend on today's seed code.
 */
function createV1Database(file: string): void {
  const db = openDatabase(file);
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  db.exec(MIGRATIONS[0]!.sql);
  db.prepare('INSERT INTO schema_migrations VALUES (1, ?, ?)').run(MIGRATIONS[0]!.name, NOW);
  for (const p of SEED_PRODUCTS.filter((p) => V1_PRODUCT_CODES.includes(p.code))) {
    const name = p.code === 212 ? 'VIP 12 months' : p.name;
    db.prepare('INSERT INTO products (code, name, category, commitment_duration, is_tourist) VALUES (?, ?, ?, ?, ?)').run(
      p.code,
      name,
      p.category,
      p.commitmentMonths,
      p.tourist ? 1 : 0,
    );
    db.prepare('INSERT INTO package_prices VALUES (?, ?, 5)').run(p.code, p.planNetPrice);
    p.plans.forEach((s, i) =>
      db.prepare('INSERT INTO sub_plans VALUES (?, ?, ?, ?, ?, ?, ?)').run(subPlanId(p.code, i), p.code, s.type, s.name, s.value, s.validityDays, null),
    );
  }
  db.prepare("INSERT INTO business_config VALUES ('vat_percentage', '7')").run();
  db.prepare("INSERT INTO translations VALUES ('web', 'en', 'hello', 'Hello')").run();
  const insert = db.prepare('INSERT INTO numbers (msisdn, vanity_level) VALUES (?, ?)');
  for (const n of generateNumberPool(500)) insert.run(n.msisdn, n.vanityLevel);
  for (const uid of ['u1', 'u2']) {
    db.prepare('INSERT INTO users (uid, device_id, created_at, current_product_code) VALUES (?, ?, ?, 188)').run(uid, `device-${uid}`, NOW);
    db.prepare('INSERT INTO sessions VALUES (?, ?, ?, ?, ?)').run(`hash-${uid}`, uid, `device-${uid}`, NOW, NOW);
  }
  db.prepare(
    `INSERT INTO saved_plans (uid, product_code, plan_ids, plan_net_price, extra_charges, net_price, vat_percentage, vat_amount, created_at)
     VALUES ('u1', 188, '[1881]', 99, '[]', 99, 5, 4.95, ?)`,
  ).run(NOW);
  // u1: a live hold; u2: an expired one the sweep has not cleared yet.
  db.prepare("UPDATE numbers SET holder = 'u1', reserved_at = ?, held_until = ? WHERE rowid = 10").run(NOW, NOW + 900_000);
  db.prepare("UPDATE numbers SET holder = 'u2', reserved_at = ?, held_until = ? WHERE rowid = 20").run(NOW - 2_000_000, NOW - 1_100_000);
  db.close();
}

const all = (db: Database.Database, sql: string) => db.prepare(sql).all();
const count = (db: Database.Database, table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('migrating a version 1 database', () => {
  const dir = tempDir();
  const file = join(dir.path, 'v1.sqlite');
  let before: { numbers: unknown[]; users: unknown[]; sessions: unknown[]; savedPlans: unknown[]; products: unknown[] };
  beforeAll(() => {
    createV1Database(file);
    const db = openDatabase(file);
    before = {
      numbers: all(db, 'SELECT rowid, msisdn, vanity_level, holder, reserved_at, held_until FROM numbers ORDER BY rowid'),
      users: all(db, 'SELECT * FROM users ORDER BY uid'),
      sessions: all(db, 'SELECT * FROM sessions ORDER BY token_hash'),
      savedPlans: all(db, 'SELECT * FROM saved_plans'),
      products: all(db, 'SELECT code, name, category, commitment_duration FROM products ORDER BY code'),
    };
    db.close();
  });
  afterAll(() => dir.remove());

  it('applies version 2 only, keeps every row, and adds the new seed without overwriting', async () => {
    const opened = openSqliteStore(file, { now: NOW, poolSize: 500 });
    expect(opened.migrationsApplied).toEqual([2]);
    expect(opened.seed.numbersInserted).toBe(0);
    await opened.store.close();

    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(all(db, 'SELECT rowid, msisdn, vanity_level, holder, reserved_at, held_until FROM numbers ORDER BY rowid')).toEqual(before.numbers);
    expect(all(db, 'SELECT * FROM users ORDER BY uid')).toEqual(before.users);
    expect(all(db, 'SELECT * FROM sessions ORDER BY token_hash')).toEqual(before.sessions);
    expect(all(db, 'SELECT * FROM saved_plans')).toEqual(before.savedPlans);
    // Version 1's products are untouched (212 keeps its name); the new VIP products are added.
    const products = all(db, 'SELECT code, name, category, commitment_duration FROM products ORDER BY code');
    expect(products).toEqual(expect.arrayContaining(before.products as object[]));
    expect(products).toHaveLength(SEED_PRODUCTS.length);
    expect(db.prepare('SELECT name, vanity_level FROM products WHERE code = 212').get()).toEqual({ name: 'VIP 12 months', vanity_level: 4 });
    expect(db.prepare("SELECT value FROM business_config WHERE key = 'vat_percentage'").get()).toEqual({ value: '7' });
    expect(count(db, 'mnp_operators')).toBe(SEED_OPERATORS.length);
    expect(count(db, 'external_subscribers')).toBeGreaterThan(FIXED_EXTERNAL_SUBSCRIBERS.length);

    // The old holds got reservation ids 1 and 2, and the counter continues after them.
    expect(all(db, 'SELECT holder, reservation_id FROM numbers WHERE holder IS NOT NULL ORDER BY rowid')).toEqual([
      { holder: 'u1', reservation_id: 1 },
      { holder: 'u2', reservation_id: 2 },
    ]);
    expect(db.prepare("SELECT value FROM counters WHERE name = 'reservation_id'").get()).toEqual({ value: 2 });

    const schema = all(db, "SELECT type, name FROM sqlite_master WHERE type IN ('index', 'trigger', 'table') ORDER BY name") as {
      name: string;
    }[];
    expect(schema.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'numbers_one_hold_per_user',
        'numbers_holds_by_expiry',
        'numbers_by_reservation_id',
        'numbers_one_transfer_per_external',
        'numbers_search',
        'numbers_search_insert',
        'numbers_search_delete',
        'numbers_search_update',
      ]),
    );
    expect(schema.map((s) => s.name)).not.toContain('numbers_v2');
    db.close();
  });

  it('serves the migrated data: search, holds, new claims', async () => {
    const opened = openSqliteStore(file, { now: NOW, poolSize: 500 });
    expect(opened.migrationsApplied).toEqual([]);
    const { store } = opened;
    const target = (before.numbers[100] as { msisdn: string }).msisdn;
    const found = await store.searchFreeNumbers({ pattern: target.slice(5), match: 'ends_with', vanityLevels: [1, 2, 3, 4, 6, 10], limit: 5, offset: 0 }, NOW);
    expect(found.map((n) => n.msisdn)).toEqual([target]);
    expect(await store.getActiveHold('u1', NOW)).toMatchObject({ reservationId: 1, heldUntil: NOW + 900_000, committed: false, transfer: null });
    const claimed = await store.reserveNumber('u2', target, NOW, NOW + 1000, HOLD_POLICY);
    expect(claimed).toMatchObject({ kind: 'reserved', hold: { reservationId: 3 } });
    await store.close();
  });

  it('keeps the search index in step with rows added, changed or removed by hand', async () => {
    const opened = openSqliteStore(file, { now: NOW, poolSize: 500 });
    const db = openDatabase(file);
    const find = async (pattern: string) =>
      (await opened.store.searchFreeNumbers({ pattern, match: 'contains', vanityLevels: [1, 2, 3, 4, 6, 10], limit: 5, offset: 0 }, NOW)).map(
        (n) => n.msisdn,
      );
    // 9715 then a seven-digit block no generated number of this small pool contains.
    const extra = '971589080706';
    expect(await find('9080706')).toEqual([]);
    db.prepare('INSERT INTO numbers (msisdn, vanity_level) VALUES (?, 1)').run(extra);
    expect(await find('9080706')).toEqual([extra]);
    db.prepare("UPDATE numbers SET msisdn = '971589080707' WHERE msisdn = ?").run(extra);
    expect(await find('9080706')).toEqual([]);
    expect(await find('9080707')).toEqual(['971589080707']);
    db.prepare("DELETE FROM numbers WHERE msisdn = '971589080707'").run();
    expect(await find('9080707')).toEqual([]);
    db.close();
    await opened.store.close();
  });
});
