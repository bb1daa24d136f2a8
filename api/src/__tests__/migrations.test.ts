import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { EMPTY_SERVER_FLOW_CONTEXT, SavedPlansResponse } from '@join/shared/contract';
import { buildApp } from '../app';
import { clientHeaders, tempDir } from '../testing/harness';
import { FakeCourierProvider } from '../testing/fake-courier';
import { FakeEsimProvider } from '../testing/fake-esim';
import { applyMigrations, applyOldMigrations, createV1Database, createV2Database, OLD_NOW as NOW, V1_CATALOGUE } from '../testing/old-databases';
import { SEED_PRODUCTS } from '../modules/catalogue/seed/products';
import { SEED_OPERATORS } from '../modules/numbers/seed/operators';
import { FakePortabilityLookup } from '../testing/fake-portability';
import { HOLD_POLICY } from '../modules/numbers/holds';
import { toProduct } from '../modules/catalogue/product-view';
import { hashToken } from '../platform/sessions/tokens';
import { schemaVersion } from '../platform/db/migrations';
import { MIGRATIONS, SCHEMA_VERSION } from '../schema-versions';
import { openDatabase } from '../platform/db/open-database';
import { openSqliteRepositories } from '../database';

/** Every migration after `version`, in order: what opening an older database applies. */
const versionsAfter = (version: number): number[] => MIGRATIONS.map((m) => m.version).filter((v) => v > version);

/** The saved plan columns of versions 1 and 2 (version 3 adds the choice's extras after them). */
const V2_SAVED_PLAN_COLUMNS = 'id, uid, product_code, plan_ids, plan_net_price, extra_charges, net_price, vat_percentage, vat_amount, created_at';

/** The users columns of versions 1 to 3 (version 4 adds the flow context after them). */
const V3_USER_COLUMNS = 'uid, device_id, created_at, current_product_code, product_saved, number_flag, plan_flag';
const NEW_USER_DEFAULTS = { resident_type: null, inside_uae: null, has_delivery_form: 0, terminated_email: null, retail: 0 };
const V1_SESSION_COLUMNS = 'token_hash, uid, device_id, created_at, last_seen_at';
const V8_SESSION_COLUMNS = 'account_id, login_method, social_nonce_hash, social_nonce_expires_at';
const NEW_SESSION_DEFAULTS = { account_id: null, login_method: null, social_nonce_hash: null, social_nonce_expires_at: null };

const all = (db: Database.Database, sql: string) => db.prepare(sql).all();
const count = (db: Database.Database, table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

/** The users, sessions and saved plans as the old database had them, the columns added since at their defaults. */
function expectVisitorsKept(db: Database.Database, before: Record<'users' | 'sessions' | 'savedPlans', unknown[]>): void {
  expect(all(db, `SELECT ${V3_USER_COLUMNS} FROM users ORDER BY uid`)).toEqual(before.users);
  // Version 4: nobody's residency, location, delivery form or terminated e-mail is known; nobody is retail.
  expect(all(db, 'SELECT resident_type, inside_uae, has_delivery_form, terminated_email, retail FROM users')).toEqual(
    before.users.map(() => NEW_USER_DEFAULTS),
  );
  expect(all(db, `SELECT ${V1_SESSION_COLUMNS} FROM sessions ORDER BY token_hash`)).toEqual(before.sessions);
  // Version 8: every existing session is a device-id one (no account, no login method, no nonce).
  expect(all(db, `SELECT ${V8_SESSION_COLUMNS} FROM sessions`)).toEqual(before.sessions.map(() => NEW_SESSION_DEFAULTS));
  expect(all(db, `SELECT ${V2_SAVED_PLAN_COLUMNS} FROM saved_plans`)).toEqual(before.savedPlans);
}

/** A database file `name` in a folder of its own, removed after the suite's tests. */
function databaseFile(name: string): string {
  const dir = tempDir();
  afterAll(() => dir.remove());
  return join(dir.path, name);
}

/** The rows each query answers on the file, by the query's name. */
function readRows<K extends string>(file: string, queries: Record<K, string>): Record<K, unknown[]> {
  const db = openDatabase(file);
  try {
    return Object.fromEntries(Object.entries<string>(queries).map(([name, sql]) => [name, all(db, sql)])) as Record<K, unknown[]>;
  } finally {
    db.close();
  }
}

/** Opens the file with today's code: every migration after `version` applies, and not one number is seeded. */
async function migrateFrom(file: string, version: number): Promise<void> {
  const opened = openSqliteRepositories(file, { now: NOW, poolSize: 500 });
  expect(opened.migrationsApplied).toEqual(versionsAfter(version));
  expect(opened.seed.numbersInserted).toBe(0);
  await opened.repos.close();
}

describe('migrating a version 1 database', () => {
  const file = databaseFile('v1.sqlite');
  let before: Record<'numbers' | 'users' | 'sessions' | 'savedPlans', unknown[]>;
  beforeAll(() => {
    createV1Database(file);
    before = readRows(file, {
      numbers: 'SELECT rowid, msisdn, vanity_level, holder, reserved_at, held_until FROM numbers ORDER BY rowid',
      users: 'SELECT * FROM users ORDER BY uid',
      sessions: `SELECT ${V1_SESSION_COLUMNS} FROM sessions ORDER BY token_hash`,
      savedPlans: `SELECT ${V2_SAVED_PLAN_COLUMNS} FROM saved_plans`,
    });
  });

  it('applies versions 2 to 6, keeps every row of users, and brings the catalogue up to today’s seed', async () => {
    await migrateFrom(file, 1);

    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(all(db, 'SELECT rowid, msisdn, vanity_level, holder, reserved_at, held_until FROM numbers ORDER BY rowid')).toEqual(before.numbers);
    expectVisitorsKept(db, before);
    expect(all(db, 'SELECT booster_ids, promotion_keys, promo_code, discounts, applied_promotions FROM saved_plans')).toEqual([
      { booster_ids: '[]', promotion_keys: '[]', promo_code: null, discounts: '[]', applied_promotions: '[]' },
    ]);
    // The catalogue is reference data: version 1's products are all there, with today's values
    // (212 is now the gold VIP plan at its 12-month price), and the new products are added.
    const products = all(db, 'SELECT code, name FROM products ORDER BY code') as { code: number; name: string }[];
    expect(products.map((p) => p.code)).toEqual(expect.arrayContaining(V1_CATALOGUE.map((p) => p.code)));
    expect(products).toHaveLength(SEED_PRODUCTS.length);
    expect(db.prepare('SELECT name, vanity_level FROM products WHERE code = 212').get()).toEqual({ name: 'VIP Gold 12 months', vanity_level: 4 });
    expect(db.prepare('SELECT plan_net_price FROM package_prices WHERE product_code = 212').get()).toEqual({ plan_net_price: 1799 });
    expect(db.prepare("SELECT value FROM business_config WHERE key = 'vat_percentage'").get()).toEqual({ value: '7' });
    expect(count(db, 'mnp_operators')).toBe(SEED_OPERATORS.length);
    // Version 19: the other operators' subscribers are the portability lookup's, no table of ours.
    expect(all(db, "SELECT name FROM sqlite_master WHERE name = 'external_subscribers'")).toEqual([]);

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
    const opened = openSqliteRepositories(file, { now: NOW, poolSize: 500 });
    expect(opened.migrationsApplied).toEqual([]);
    const { repos } = opened;
    const target = (before.numbers[100] as { msisdn: string }).msisdn;
    const found = await repos.searchFreeNumbers({ pattern: target.slice(5), match: 'ends_with', vanityLevels: [1, 2, 3, 4, 6, 10], limit: 5, offset: 0 }, NOW);
    expect(found.map((n) => n.msisdn)).toEqual([target]);
    expect(await repos.getActiveHold('u1', NOW)).toMatchObject({ reservationId: 1, heldUntil: NOW + 900_000, committed: false, transfer: null });
    const claimed = await repos.reserveNumber('u2', target, NOW, NOW + 1000, HOLD_POLICY);
    expect(claimed).toMatchObject({ kind: 'reserved', hold: { reservationId: 3 } });
    await repos.close();
  });

  it('keeps the search index in step with rows added, changed or removed by hand', async () => {
    const opened = openSqliteRepositories(file, { now: NOW, poolSize: 500 });
    const db = openDatabase(file);
    const find = async (pattern: string) =>
      (await opened.repos.searchFreeNumbers({ pattern, match: 'contains', vanityLevels: [1, 2, 3, 4, 6, 10], limit: 5, offset: 0 }, NOW)).map(
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
    await opened.repos.close();
  });
});

describe('migrating a version 2 database', () => {
  const file = databaseFile('v2.sqlite');
  const HOLD_COLUMNS = 'SELECT * FROM numbers WHERE holder IS NOT NULL ORDER BY rowid';
  let before: Record<'numbers' | 'holds' | 'users' | 'sessions' | 'savedPlans' | 'counters', unknown[]>;
  beforeAll(() => {
    createV2Database(file);
    before = readRows(file, {
      numbers: 'SELECT * FROM numbers ORDER BY rowid',
      holds: HOLD_COLUMNS,
      users: 'SELECT * FROM users ORDER BY uid',
      sessions: `SELECT ${V1_SESSION_COLUMNS} FROM sessions ORDER BY token_hash`,
      savedPlans: `SELECT ${V2_SAVED_PLAN_COLUMNS} FROM saved_plans`,
      counters: 'SELECT * FROM counters',
    });
  });

  it('applies versions 3 to 6 and keeps users, sessions, holds (with their transfer) and saved plans', async () => {
    await migrateFrom(file, 2);

    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(all(db, 'SELECT * FROM numbers ORDER BY rowid')).toEqual(before.numbers);
    expect(all(db, HOLD_COLUMNS)).toHaveLength(2);
    expectVisitorsKept(db, before);
    expect(all(db, 'SELECT * FROM counters')).toEqual(before.counters);
    expect(count(db, 'preferences')).toBe(0);
    db.close();
  });

  it('serves the old saved plan at its saved price, and the old holds as they were', async () => {
    const opened = openSqliteRepositories(file, { now: NOW, poolSize: 500 });
    const { repos } = opened;
    expect(await repos.getSavedPlan('u1')).toEqual({
      id: 1,
      productCode: 188,
      planIds: [1881, 1882, 1883],
      boosterIds: [],
      promotionKeys: [],
      promoCode: null,
      price: {
        PlanNetPrice: 99,
        NetPrice: 124,
        VATPercentage: 5,
        VATAmount: 6.2,
        ExtraCharges: [{ Name: 'RechargeAmount', Amount: 25 }],
        Discounts: [],
      },
      appliedPromotions: [],
    });
    expect(await repos.getActiveHold('u1', NOW)).toMatchObject({ reservationId: 7, extensions: 1, committed: true, transfer: null });
    expect(await repos.getActiveHold('u2', NOW)).toMatchObject({ reservationId: 8, transfer: { externalMsisdn: '971551234567' } });
    // The counter continues after the old ids.
    const free = await repos.pickFreeNumbers(1, HOLD_POLICY.temporaryVanityLevels, NOW, () => 0.5);
    expect(await repos.reserveNumber('u1', free[0]!.msisdn, NOW, NOW + 1000, HOLD_POLICY)).toMatchObject({ hold: { reservationId: 9 } });
    await repos.close();
  });

  it('brings the old catalogue’s prices and plans up to today’s seed', async () => {
    const opened = openSqliteRepositories(file, { now: NOW, poolSize: 500 });
    const env = { vatPercentage: 5, optIn: await opened.repos.listOptInPromotions(), now: NOW };
    const priceOf = async (code: number) => toProduct((await opened.repos.getCatalogueProduct(code))!, env).PackagesPricingTable[0]!.PlanNetPrice;
    // Version 2 priced 103/106/112 at 90/80/70 and the VIP plans per month.
    expect([await priceOf(103), await priceOf(106), await priceOf(112)]).toEqual([100, 70, 50]);
    expect([await priceOf(221), await priceOf(212), await priceOf(252)]).toEqual([1199, 1799, 3599]);
    const longStay = await opened.repos.getCatalogueProduct(208);
    expect(longStay?.plans.find((p) => p.Type === 'VOICE-LCL')).toMatchObject({ ID: 2082, DailyAllowanceValue: 10 * 60_000, Value: 900 * 60_000 });
    expect((await opened.repos.getCatalogueProduct(112))?.plans[0]).toMatchObject({ ID: 1121, Value: 25 * 1024 ** 3 });
    // The old per-row VAT (5) and the database's own config (7): VAT comes from the config.
    expect((await opened.repos.getBusinessConfig()).vat_percentage).toBe(7);
    await opened.repos.close();
  });

  it('answers the old saved plan over HTTP, with today’s catalogue around it', async () => {
    const opened = openSqliteRepositories(file, { now: NOW, poolSize: 500 });
    const token = 'a'.repeat(64);
    const db = openDatabase(file);
    db.prepare("INSERT INTO sessions (token_hash, uid, device_id, created_at, last_seen_at) VALUES (?, 'u2', 'device-u2', ?, ?)").run(hashToken(token), NOW, NOW);
    db.prepare(
      `INSERT INTO saved_plans (uid, product_code, plan_ids, plan_net_price, extra_charges, net_price, vat_percentage, vat_amount, created_at)
       VALUES ('u2', 188, '[1881,1882,1883]', 99, '[]', 99, 5, 4.95, ?)`,
    ).run(NOW);
    db.close();
    const app = await buildApp({ db: opened.repos, now: () => NOW, courier: new FakeCourierProvider(), esim: new FakeEsimProvider(), portability: new FakePortabilityLookup() });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/plans/saved_plans', headers: clientHeaders('device-u2', token) });
      expect(res.statusCode).toBe(200);
      const { product, save_plans } = SavedPlansResponse.parse(res.json());
      expect(save_plans[0]).toMatchObject({
        PackagePrice: { PlanNetPrice: 99, NetPrice: 99, VATAmount: 4.95, Discounts: [] },
        Promotions: [],
        Boosters: [],
        PromoCode: null,
      });
      expect(product?.Promotions.map((p) => p.Key)).toEqual(['explorer_bonus_data']);
    } finally {
      await app.close();
      await opened.repos.close();
    }
  });
});

describe('migrating a version 3 database', () => {
  const file = databaseFile('v3.sqlite');
  beforeAll(() => {
    createV2Database(file);
    if (!MIGRATIONS.some((m) => m.version === 3)) throw new Error('migration 3 missing');
    const db = openDatabase(file);
    applyMigrations(db, (version) => version === 3);
    db.close();
  });

  it('applies version 4 and later: every user gets an empty flow context, which the setters then fill', async () => {
    const opened = openSqliteRepositories(file, { now: NOW, poolSize: 500 });
    expect(opened.migrationsApplied).toEqual(versionsAfter(3));
    const { repos } = opened;
    expect(await repos.getFlowContext('u1')).toEqual(EMPTY_SERVER_FLOW_CONTEXT);
    await repos.setResidentType('u1', 'resident');
    await repos.setRetail('u2', true);
    await repos.close();

    const again = openSqliteRepositories(file, { now: NOW, poolSize: 500 });
    expect(again.migrationsApplied).toEqual([]);
    expect(await again.repos.getFlowContext('u1')).toEqual({ ...EMPTY_SERVER_FLOW_CONTEXT, resident_type: 'resident' });
    expect(await again.repos.getFlowContext('u2')).toEqual({ ...EMPTY_SERVER_FLOW_CONTEXT, retail: true });
    await again.repos.close();
  });

  it('refuses values the contract does not have', () => {
    const db = openDatabase(file);
    try {
      expect(() => db.prepare("UPDATE users SET resident_type = 'tourist' WHERE uid = 'u1'").run()).toThrow(/CHECK/);
      expect(() => db.prepare("UPDATE users SET inside_uae = 2 WHERE uid = 'u1'").run()).toThrow(/CHECK/);
      expect(() => db.prepare("UPDATE users SET retail = NULL WHERE uid = 'u1'").run()).toThrow(/NOT NULL/);
    } finally {
      db.close();
    }
  });
});

describe('migrating a database without the feedback table (version 4)', () => {
  const file = databaseFile('v4.sqlite');
  beforeAll(() => {
    createV2Database(file);
    const db = openDatabase(file);
    applyMigrations(db, (version) => version === 3 || version === 4);
    db.close();
  });

  it('adds the names table (5), the feedback table and the support contacts of the business config, keeping the users', async () => {
    const opened = openSqliteRepositories(file, { now: NOW, poolSize: 500 });
    expect(opened.migrationsApplied).toEqual(versionsAfter(4));
    const { repos } = opened;
    const saved = await repos.addFeedback({ uid: 'u1', deviceId: 'd1', text: 'ok', route: '/', step: null, language: 'en', createdAt: NOW });
    expect(await repos.listFeedback('u1', 5)).toEqual([saved]);
    expect((await repos.getBusinessConfig()).support?.phone).toBe('971588000800');
    await repos.close();
  });
});

describe('migrating to "an e-mail tells nothing before it is proven"', () => {
  const file = databaseFile('before-proof.sqlite');
  // Found by name: the lead renumbers migrations at merge.
  const proof = MIGRATIONS.find((m) => m.name.startsWith('an e-mail tells nothing before it is proven'));
  beforeAll(() => {
    const db = openDatabase(file);
    applyOldMigrations(db, (proof?.version ?? 0) - 1);
    const user = db.prepare('INSERT INTO users (uid, device_id, created_at, terminated_email) VALUES (?, ?, ?, ?)');
    user.run('typed-it', 'd1', NOW, 'former@example.com');
    user.run('never', 'd2', NOW, null);
    const failure = db.prepare('INSERT INTO login_failures (key, count, first_at, last_at, locked_until) VALUES (?, 6, ?, ?, ?)');
    failure.run('email:amira@example.com', NOW, NOW, NOW + 900_000);
    failure.run('addr:198.51.100.66', NOW, NOW, NOW + 30_000);
    db.close();
  });

  it('forgets the terminated e-mails recorded before they were proven, and the per-e-mail locks', async () => {
    expect(proof).toBeDefined();
    const opened = openSqliteRepositories(file, { now: NOW, poolSize: 500 });
    expect(opened.migrationsApplied).toEqual(versionsAfter((proof?.version ?? 0) - 1));
    const { repos } = opened;
    expect((await repos.getFlowContext('typed-it')).terminated_email).toBeNull();
    expect((await repos.getLoginFailures(['email:amira@example.com', 'addr:198.51.100.66'])).map((f) => f.key)).toEqual(['addr:198.51.100.66']);
    await repos.close();
  });
});
