import { openDatabase } from '../../db/open-database';
import { openSqliteRepositories, type SqliteRepositories } from '../../../database';
import { tempDir } from '../../../testing/harness';
import type { ReferenceVersions } from '../repository';

/**
 * The reference data's versions move with every change of their tables, whoever makes it: the
 * triggers run for an operator's edit from another connection as for the server's own writes.
 * What the visitors write (saved plans, preferences, feedback) moves none.
 */
describe('reference data versions', () => {
  const dir = tempDir();
  const file = `${dir.path}/versions.sqlite`;
  let repos: SqliteRepositories;
  const operator = () => openDatabase(file);
  beforeAll(() => {
    repos = openSqliteRepositories(file, { poolSize: 200 }).repos;
  });
  afterAll(async () => {
    await repos.close();
    dir.remove();
  });

  /** Runs `sql` from another connection and answers which versions moved. */
  async function moved(sql: string, ...params: unknown[]): Promise<Partial<Record<keyof ReferenceVersions, boolean>>> {
    const before = await repos.referenceVersions();
    const db = operator();
    try {
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
    const after = await repos.referenceVersions();
    return Object.fromEntries((Object.keys(before) as (keyof ReferenceVersions)[]).filter((k) => after[k] !== before[k]).map((k) => [k, true]));
  }

  it('moves the translations version with each edit of a translation', async () => {
    expect(await moved("UPDATE translations SET value = value || '!' WHERE key = 'LOADING_MESSAGE_APP'")).toEqual({ translations: true });
    expect(await moved("INSERT INTO translations VALUES ('web', 'en', 'ZZ', 'z')")).toEqual({ translations: true });
    expect(await moved("DELETE FROM translations WHERE key = 'ZZ'")).toEqual({ translations: true });
  });

  it('moves the business config version with each edit of the config', async () => {
    expect(await moved("UPDATE business_config SET value = '6' WHERE key = 'vat_percentage'")).toEqual({ businessConfig: true });
  });

  it.each([
    ["UPDATE products SET name = name || ' ' WHERE code = 199"],
    ['UPDATE sub_plans SET value = value WHERE id = (SELECT MIN(id) FROM sub_plans)'],
    ['UPDATE package_prices SET plan_net_price = plan_net_price WHERE product_code = 187'],
    ['UPDATE commitment_terms SET saving_percentage = saving_percentage'],
    ["UPDATE promotions SET valid_until = 1 WHERE key = 'welcome_20'"],
    ['DELETE FROM product_promotions WHERE promotion_id = 1'],
    ["UPDATE promo_codes SET code = code WHERE code = 'WELCOME10'"],
    ['UPDATE boosters SET name = name'],
    ["INSERT OR REPLACE INTO localized_names (kind, id, language, name) VALUES ('product', '199', 'ar', 'س')"],
  ])('moves the catalogue version with %s', async (sql) => {
    expect(await moved(sql)).toEqual({ catalogue: true });
  });

  it("moves none with what a visitor writes: a user's row, a preference, a session, feedback", async () => {
    const before = await repos.referenceVersions();
    const user = await repos.findOrCreateUser('device-versions-1', 'uid-versions-1', 0);
    await repos.setPreference(user.uid, 4, true);
    await repos.createSession('f'.repeat(64), user, 0);
    await repos.addFeedback({ uid: user.uid, deviceId: user.deviceId, text: 'fine', route: '/plan', step: 'plan', language: 'en', createdAt: 0 });
    expect(await repos.referenceVersions()).toEqual(before);
    expect(await moved('UPDATE users SET number_flag = 1 WHERE uid = ?', user.uid)).toEqual({});
  });

  it('moves the catalogue on a restart (its seed rewrites the catalogue), and neither translations nor the config an operator edited', async () => {
    const before = await repos.referenceVersions();
    const again = openSqliteRepositories(file, { poolSize: 200 }).repos;
    const after = await again.referenceVersions();
    await again.close();
    expect(after.catalogue).toBeGreaterThan(before.catalogue);
    expect({ translations: after.translations, businessConfig: after.businessConfig }).toEqual({
      translations: before.translations,
      businessConfig: before.businessConfig,
    });
  });
});
