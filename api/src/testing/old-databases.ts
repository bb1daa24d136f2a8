import { MIGRATIONS } from '../schema-versions';
import { openDatabase } from '../platform/db/open-database';
import { generateNumberPool } from '../modules/numbers/seed/number-pool';

/**
 * Test support: databases as earlier versions left them, written with those versions' own
 * SQL and catalogue (literal rows here, not today's seed code), so upgrade tests do not
 * depend on what the seed says now. Not a test itself, and never imported by the server.
 */
export const OLD_NOW = Date.UTC(2026, 0, 15, 10, 0, 0);

interface OldProduct {
  code: number;
  name: string;
  category: 'PAYG' | 'Commitment' | 'VIP';
  months: number;
  tourist: boolean;
  price: number;
  vanityLevel?: number;
}

/** The catalogue of version 1: seven tourist plans, the default, three commitments (each its own price) and one VIP plan. */
export const V1_CATALOGUE: readonly OldProduct[] = [
  { code: 199, name: 'Tourist Premium 28 days', category: 'PAYG', months: 1, tourist: true, price: 189 },
  { code: 187, name: 'Tourist Starter 7 days', category: 'PAYG', months: 1, tourist: true, price: 35 },
  { code: 207, name: 'Tourist Unlimited 28 days', category: 'PAYG', months: 1, tourist: true, price: 299 },
  { code: 188, name: 'Tourist Explorer 14 days', category: 'PAYG', months: 1, tourist: true, price: 99 },
  { code: 208, name: 'Tourist Long Stay 90 days', category: 'PAYG', months: 1, tourist: true, price: 279 },
  { code: 196, name: 'Tourist Value 14 days', category: 'PAYG', months: 1, tourist: true, price: 69 },
  { code: 206, name: 'Tourist Data 28 days', category: 'PAYG', months: 1, tourist: true, price: 129 },
  { code: 100, name: 'Flexi 1 month', category: 'PAYG', months: 1, tourist: false, price: 50 },
  { code: 103, name: 'Commitment 3 months', category: 'Commitment', months: 3, tourist: false, price: 90 },
  { code: 106, name: 'Commitment 6 months', category: 'Commitment', months: 6, tourist: false, price: 80 },
  { code: 112, name: 'Commitment 12 months', category: 'Commitment', months: 12, tourist: false, price: 70 },
  { code: 212, name: 'VIP 12 months', category: 'VIP', months: 12, tourist: false, price: 300 },
];

/** Version 2 added VIP tiers, priced per month. */
export const V2_CATALOGUE: readonly OldProduct[] = [
  ...V1_CATALOGUE.map((p) => (p.code === 212 ? { ...p, name: 'VIP Gold 12 months', vanityLevel: 4 } : p)),
  { code: 221, name: 'VIP Bronze 12 months', category: 'VIP', months: 12, tourist: false, price: 199, vanityLevel: 3 },
  { code: 222, name: 'VIP Bronze Plus 12 months', category: 'VIP', months: 12, tourist: false, price: 249, vanityLevel: 3 },
  { code: 232, name: 'VIP Gold Plus 12 months', category: 'VIP', months: 12, tourist: false, price: 349, vanityLevel: 4 },
  { code: 241, name: 'VIP Red 12 months', category: 'VIP', months: 12, tourist: false, price: 399, vanityLevel: 10 },
  { code: 242, name: 'VIP Red Plus 12 months', category: 'VIP', months: 12, tourist: false, price: 449, vanityLevel: 10 },
  { code: 251, name: 'VIP Diamond 12 months', category: 'VIP', months: 12, tourist: false, price: 499, vanityLevel: 6 },
  { code: 252, name: 'VIP Diamond Plus 12 months', category: 'VIP', months: 12, tourist: false, price: 599, vanityLevel: 6 },
];

type Db = ReturnType<typeof openDatabase>;

/** Applies today's migrations that `which` picks to an open database, recording each as applied. */
export function applyMigrations(db: Db, which: (version: number) => boolean): void {
  for (const m of MIGRATIONS.filter((m) => which(m.version))) {
    db.exec(m.sql);
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, OLD_NOW);
  }
}

/** A new database with the schema as migrations 1 to `upTo` left it (and their record). */
export function applyOldMigrations(db: Db, upTo: number): void {
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  applyMigrations(db, (version) => version <= upTo);
}

/** Every old product had three plans, ids code * 10 + 1..3 (208's local minutes were a plain 500). */
function insertOldCatalogue(db: Db, catalogue: readonly OldProduct[], withLevels: boolean): void {
  const product = withLevels
    ? db.prepare('INSERT INTO products (code, name, category, commitment_duration, is_tourist, vanity_level) VALUES (?, ?, ?, ?, ?, ?)')
    : db.prepare('INSERT INTO products (code, name, category, commitment_duration, is_tourist) VALUES (?, ?, ?, ?, ?)');
  const plan = db.prepare('INSERT INTO sub_plans VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const p of catalogue) {
    const row = [p.code, p.name, p.category, p.months, p.tourist ? 1 : 0];
    product.run(...(withLevels ? [...row, p.vanityLevel ?? null] : row));
    db.prepare('INSERT INTO package_prices VALUES (?, ?, 5)').run(p.code, p.price);
    plan.run(p.code * 10 + 1, p.code, 'DATA', '10 GB data', 10 * 1024 ** 3, 30, null);
    plan.run(p.code * 10 + 2, p.code, 'VOICE-LCL', '500 local minutes', 500 * 60_000, 30, null);
    plan.run(p.code * 10 + 3, p.code, 'VOICE-INT', '50 international minutes', 50 * 60_000, 30, null);
  }
}

function insertVisitors(db: Db): void {
  db.prepare("INSERT INTO business_config VALUES ('vat_percentage', '7')").run();
  db.prepare("INSERT INTO translations VALUES ('web', 'en', 'hello', 'Hello')").run();
  const insert = db.prepare('INSERT INTO numbers (msisdn, vanity_level) VALUES (?, ?)');
  for (const n of generateNumberPool(500)) insert.run(n.msisdn, n.vanityLevel);
  for (const uid of ['u1', 'u2']) {
    db.prepare('INSERT INTO users (uid, device_id, created_at, current_product_code) VALUES (?, ?, ?, 188)').run(uid, `device-${uid}`, OLD_NOW);
    db.prepare('INSERT INTO sessions VALUES (?, ?, ?, ?, ?)').run(`hash-${uid}`, uid, `device-${uid}`, OLD_NOW, OLD_NOW);
  }
  db.prepare(
    `INSERT INTO saved_plans (uid, product_code, plan_ids, plan_net_price, extra_charges, net_price, vat_percentage, vat_amount, created_at)
     VALUES ('u1', 188, '[1881,1882,1883]', 99, '[{"Name":"RechargeAmount","Amount":25}]', 124, 5, 6.2, ?)`,
  ).run(OLD_NOW);
}

/** Version 1: schema 1, its catalogue, two visitors; u1 has a live hold and a saved plan, u2 an expired hold. */
export function createV1Database(file: string): void {
  const db = openDatabase(file);
  applyOldMigrations(db, 1);
  insertOldCatalogue(db, V1_CATALOGUE, false);
  insertVisitors(db);
  db.prepare("UPDATE numbers SET holder = 'u1', reserved_at = ?, held_until = ? WHERE rowid = 10").run(OLD_NOW, OLD_NOW + 900_000);
  db.prepare("UPDATE numbers SET holder = 'u2', reserved_at = ?, held_until = ? WHERE rowid = 20").run(OLD_NOW - 2_000_000, OLD_NOW - 1_100_000);
  db.close();
}

/**
 * Version 2: schemas 1 and 2, its catalogue (VIP tiers priced per month), two visitors; u1 has
 * a live committed, once-extended hold and a saved plan, u2 a live transfer hold.
 */
export function createV2Database(file: string): void {
  const db = openDatabase(file);
  applyOldMigrations(db, 2);
  insertOldCatalogue(db, V2_CATALOGUE, true);
  db.prepare("INSERT INTO mnp_operators VALUES ('du', 'du')").run();
  db.prepare("INSERT INTO external_subscribers VALUES ('971551234567', 'du', 'active')").run();
  insertVisitors(db);
  db.prepare(
    `UPDATE numbers SET holder = 'u1', reservation_id = 7, reserved_at = ?, held_until = ?, extensions = 1, committed = 1
     WHERE rowid = (SELECT MIN(rowid) FROM numbers WHERE vanity_level = 1)`,
  ).run(OLD_NOW, OLD_NOW + 900_000);
  db.prepare(
    `UPDATE numbers SET holder = 'u2', reservation_id = 8, reserved_at = ?, held_until = ?,
       transfer_msisdn = '971551234567', transfer_operator = 'du'
     WHERE rowid = (SELECT MAX(rowid) FROM numbers WHERE vanity_level = 1)`,
  ).run(OLD_NOW, OLD_NOW + 900_000);
  db.prepare("UPDATE counters SET value = 8 WHERE name = 'reservation_id'").run();
  db.close();
}
