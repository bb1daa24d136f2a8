import Database from 'better-sqlite3';
import { join } from 'node:path';
import { Booster, BusinessConfig, Product, VANITY_LEVELS } from '@join/shared/contract';
import { tempDir } from '../testing/harness';
import { schemaVersion } from '../platform/db/migrations';
import { MIGRATIONS, SCHEMA_VERSION } from '../schema-versions';
import { openDatabase } from '../platform/db/open-database';
import { openSqliteRepositories } from '../database';
import { SEED_PRODUCTS, subPlanId } from '../modules/catalogue/seed/products';
import { toProduct } from '../modules/catalogue/product-view';

describe('SQLite repositories: schema and seed', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('creates, migrates and seeds 100,000 numbers in one go', async () => {
    // How long it takes is a figure the server prints at start (seedMs), not a unit test's limit:
    // under a loaded machine a 5 s limit failed here while nothing was wrong.
    const file = join(dir.path, 'full.sqlite');
    const opened = openSqliteRepositories(file);
    expect(opened.migrationsApplied).toEqual(MIGRATIONS.map((m) => m.version));
    expect(opened.seed.numbersInserted).toBe(100_000);
    await opened.repos.close();

    const db = new Database(file, { readonly: true });
    const tiers = db.prepare('SELECT vanity_level AS level, COUNT(*) AS n FROM numbers GROUP BY vanity_level').all() as {
      level: number;
      n: number;
    }[];
    for (const level of Object.values(VANITY_LEVELS)) {
      expect(tiers.find((t) => t.level === level)?.n ?? 0).toBeGreaterThanOrEqual(300);
    }
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('answers a name with no translation in English, and an edited translation at once', async () => {
    const file = join(dir.path, 'names.sqlite');
    const { repos } = openSqliteRepositories(file, { poolSize: 300 });
    const db = new Database(file);
    db.prepare("DELETE FROM localized_names WHERE kind = 'operator' AND id = 'du' AND language = 'ar'").run();
    db.prepare("UPDATE localized_names SET name = 'اختبار' WHERE kind = 'booster' AND id = '901' AND language = 'ar'").run();
    db.close();
    const operators = await repos.listOperators('ar');
    expect(operators.find((o) => o.code === 'du')?.name).toBe('du');
    expect(operators.find((o) => o.code === 'virgin')?.name).toBe('فيرجن موبايل الإمارات');
    expect((await repos.listBoosters('ar')).find((b) => b.ID === 901)?.Name).toBe('اختبار');
    await repos.close();
    // A restart writes the seed's names again (reference data).
    const again = openSqliteRepositories(file, { poolSize: 300 });
    expect((await again.repos.listOperators('ar')).find((o) => o.code === 'du')?.name).toBe('دو');
    await again.repos.close();
  });

  it('migrates idempotently and seeds only once', async () => {
    const file = join(dir.path, 'again.sqlite');
    const first = openSqliteRepositories(file, { poolSize: 300 });
    await first.repos.close();
    const second = openSqliteRepositories(file, { poolSize: 300 });
    expect(second.migrationsApplied).toEqual([]);
    expect(second.seed.numbersInserted).toBe(0);
    await second.repos.close();

    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect((db.prepare('SELECT COUNT(*) AS n FROM numbers').get() as { n: number }).n).toBe(300);
    expect((db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n).toBe(SEED_PRODUCTS.length);
    db.close();
  });

  it('keeps an operator edit of config and operators on restart, but rewrites the catalogue', async () => {
    const file = join(dir.path, 'edited.sqlite');
    const opened = openSqliteRepositories(file, { poolSize: 50 });
    await opened.repos.close();
    const db = openDatabase(file);
    db.prepare("UPDATE business_config SET value = '7' WHERE key = 'vat_percentage'").run();
    db.prepare("UPDATE mnp_operators SET name = 'Etisalat by e&' WHERE code = 'etisalat'").run();
    // The catalogue is reference data: these are put back on the next start.
    db.prepare('UPDATE products SET vanity_level = 6 WHERE code = 212').run();
    db.prepare('UPDATE package_prices SET plan_net_price = 1 WHERE product_code = 187').run();
    db.prepare('UPDATE commitment_terms SET saving_percentage = 90 WHERE months = 12').run();
    db.prepare("INSERT INTO sub_plans (id, product_code, type, name, value, validity_days) VALUES (1874, 187, 'DATA', 'stale', 1, 1)").run();
    db.prepare('DELETE FROM product_promotions WHERE product_code = 199').run();
    db.prepare('UPDATE boosters SET net_price = 0 WHERE id = 901').run();
    db.prepare("INSERT INTO products (code, name, category, commitment_duration) VALUES (555, 'Operator special', 'PAYG', 1)").run();
    db.close();
    const reopened = openSqliteRepositories(file, { poolSize: 50 });
    const { repos } = reopened;
    expect((await repos.getBusinessConfig()).vat_percentage).toBe(7);
    expect(await repos.listOperators()).toContainEqual({ code: 'etisalat', name: 'Etisalat by e&' });
    expect((await repos.getCatalogueProduct(212))?.vanityLevel).toBe(4);
    expect((await repos.getCatalogueProduct(187))?.fixedNetPrice).toBe(35);
    expect((await repos.getCatalogueProduct(187))?.plans.map((p) => p.ID)).toEqual([1871, 1872, 1873]);
    expect((await repos.getCatalogueProduct(112))?.termSavingPercentage).toBe(50);
    expect((await repos.getCatalogueProduct(199))?.promotions.map((r) => r.promotion.Key)).toEqual(['welcome_20']);
    expect((await repos.listBoosters()).find((b) => b.ID === 901)?.NetPrice).toBe(25);
    // A product the seed does not name is the operator's own and stays.
    expect((await repos.getCatalogueProduct(555))?.name).toBe('Operator special');
    await repos.close();
  });

  it('serves a contract-valid catalogue and config', async () => {
    const opened = openSqliteRepositories(join(dir.path, 'catalogue.sqlite'), { poolSize: 50 });
    const commitment = await opened.repos.listCatalogue({ category: 'Commitment' });
    expect(commitment.map((p) => [p.code, p.commitmentMonths, p.customizable])).toEqual([
      [103, 3, false],
      [106, 6, false],
      [112, 12, false],
      [312, 12, true],
    ]);
    const env = { vatPercentage: 5, optIn: await opened.repos.listOptInPromotions(), now: Date.now() };
    for (const code of SEED_PRODUCTS.map((p) => p.code)) {
      const product = toProduct((await opened.repos.getCatalogueProduct(code))!, env);
      expect(Product.parse(product)).toEqual(product);
      expect(product.PackagesPricingTable).toHaveLength(1);
    }
    for (const b of await opened.repos.listBoosters()) expect(Booster.parse(b)).toEqual(b);
    expect(BusinessConfig.parse(await opened.repos.getBusinessConfig()).vat_percentage).toBe(5);
    await opened.repos.close();
  });

  it('gives every seeded plan and option an id of its own', () => {
    const ids = SEED_PRODUCTS.flatMap((p) => p.plans.map((_, i) => subPlanId(p.code, i, p.plans.length)));
    expect(new Set(ids).size).toBe(ids.length);
    // Each id still names its product: code * 10 + position, or code * 100 + position for more than nine.
    for (const p of SEED_PRODUCTS) {
      const own = p.plans.map((_, i) => subPlanId(p.code, i, p.plans.length));
      expect(own.every((id) => String(id).startsWith(String(p.code)))).toBe(true);
    }
    expect(subPlanId(300, 9, 10)).toBe(30010);
  });
});

describe('SQLite repositories: invariants the database enforces', () => {
  const dir = tempDir();
  let db: Database.Database;
  beforeAll(() => {
    db = openDatabase(join(dir.path, 'invariants.sqlite'));
    openSqliteRepositories(db, { poolSize: 50 });
    db.prepare("INSERT INTO users (uid, device_id, created_at) VALUES ('u1', 'device-one', 0)").run();
  });
  afterAll(() => {
    db.close();
    dir.remove();
  });

  const twoNumbers = () => db.prepare('SELECT msisdn FROM numbers LIMIT 2').all() as { msisdn: string }[];

  const hold = (msisdn: string, id: number, holder = 'u1') =>
    db.prepare('UPDATE numbers SET holder = ?, reservation_id = ?, reserved_at = 1, held_until = 2 WHERE msisdn = ?').run(holder, id, msisdn);
  const releaseAll = () =>
    db
      .prepare(
        `UPDATE numbers SET holder = NULL, reservation_id = NULL, reserved_at = NULL, held_until = NULL,
           extensions = 0, committed = 0, transfer_msisdn = NULL, transfer_operator = NULL`,
      )
      .run();
  afterEach(releaseAll);

  it('allows one hold per user (partial unique index)', () => {
    const [a, b] = twoNumbers();
    hold(a!.msisdn, 1);
    expect(() => hold(b!.msisdn, 2)).toThrow(/UNIQUE/);
  });

  it('gives a reservation id to one hold only', () => {
    db.prepare("INSERT INTO users (uid, device_id, created_at) VALUES ('u2', 'device-two', 0)").run();
    const [a, b] = twoNumbers();
    hold(a!.msisdn, 7);
    expect(() => hold(b!.msisdn, 7, 'u2')).toThrow(/UNIQUE/);
    db.prepare("DELETE FROM users WHERE uid = 'u2'").run();
  });

  it('refuses a half-written hold and a malformed MSISDN', () => {
    const [a] = twoNumbers();
    expect(() => db.prepare("UPDATE numbers SET holder = 'u1' WHERE msisdn = ?").run(a!.msisdn)).toThrow(/CHECK/);
    expect(() =>
      db.prepare("UPDATE numbers SET holder = 'u1', reserved_at = 1, held_until = 2 WHERE msisdn = ?").run(a!.msisdn),
    ).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE numbers SET committed = 1 WHERE msisdn = ?').run(a!.msisdn)).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO numbers (msisdn, vanity_level) VALUES ('97158123', 1)").run()).toThrow(/CHECK/);
  });

  it('moves the identity flags forward only, and keeps sim_type and the check tables to their values', () => {
    db.prepare("INSERT INTO users (uid, device_id, created_at) VALUES ('u4', 'device-four', 0)").run();
    db.prepare("UPDATE users SET id_verified = 1, resident_done = 1, resident_type = 'resident' WHERE uid = 'u4'").run();
    expect(() => db.prepare("UPDATE users SET id_verified = 0 WHERE uid = 'u4'").run()).toThrow(/only move forward/);
    expect(() => db.prepare("UPDATE users SET resident_done = 0 WHERE uid = 'u4'").run()).toThrow(/only move forward/);
    // Going back to the residency check (SPEC 2) clears it with the residency answer, before any payment…
    db.prepare("UPDATE users SET resident_done = 0, resident_type = NULL WHERE uid = 'u4'").run();
    db.prepare("UPDATE users SET resident_done = 1, resident_type = 'resident', plan_paid = 1 WHERE uid = 'u4'").run();
    // …and never once paid.
    expect(() => db.prepare("UPDATE users SET resident_done = 0, resident_type = NULL WHERE uid = 'u4'").run()).toThrow(/only move forward/);
    expect(() => db.prepare("UPDATE users SET sim_type = 'nano' WHERE uid = 'u4'").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO identity_checks (uid, kind, started_at, expires_at) VALUES ('u4', 'visa', 1, 2)").run()).toThrow(/CHECK/);
    expect(() =>
      db.prepare("INSERT INTO identity_check_sides (uid, side, image, source, face_found, received_at) VALUES ('u4', 'front', x'00', 'scan', 0, 1)").run(),
    ).toThrow(/FOREIGN KEY/);
    const decision = db.prepare(
      `INSERT INTO identity_decisions (uid, outcome, code, document_kind, document_number, expiry_date, birth_date, resident_type, sim_type, decided_at)
       VALUES ('u4', ?, ?, 'passport', 'P1', '2030-01-01', '1990-01-01', 'non_resident', 'esim', 1)`,
    );
    expect(() => decision.run('verified', -620)).toThrow(/CHECK/);
    expect(() => decision.run('refused', null)).toThrow(/CHECK/);
    db.prepare("DELETE FROM users WHERE uid = 'u4'").run();
  });

  it('refuses a hold by a user that does not exist', () => {
    const [a] = twoNumbers();
    expect(() => hold(a!.msisdn, 1, 'ghost')).toThrow(/FOREIGN KEY/);
  });

  it('allows one live claim per external number, of another operator only', () => {
    db.prepare("INSERT INTO users (uid, device_id, created_at) VALUES ('u3', 'device-three', 0)").run();
    const [a, b] = twoNumbers();
    const transfer = db.prepare("UPDATE numbers SET transfer_msisdn = ?, transfer_operator = 'du' WHERE msisdn = ?");
    hold(a!.msisdn, 1);
    hold(b!.msisdn, 2, 'u3');
    transfer.run('971551234567', a!.msisdn);
    expect(() => transfer.run('971551234567', b!.msisdn)).toThrow(/UNIQUE/);
    expect(() => transfer.run('971581234567', b!.msisdn)).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE numbers SET transfer_msisdn = '971551111111' WHERE msisdn = ?").run(b!.msisdn)).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE numbers SET transfer_msisdn = '971559999999', transfer_operator = 'nope' WHERE msisdn = ?").run(b!.msisdn)).toThrow(
      /FOREIGN KEY/,
    );
    releaseAll();
    db.prepare("DELETE FROM users WHERE uid = 'u3'").run();
  });
});
