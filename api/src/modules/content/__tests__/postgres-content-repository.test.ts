import { connectPostgresRepositories, type PostgresRepositories } from '../../../database-postgres';
import { postgresImplementation } from '../../../testing/postgres-repositories';
import { freshDatabase } from '../../../testing/postgres-test-cluster';
import { seedContent } from '../postgres/seed-content';
import { SEED_BUSINESS_CONFIG } from '../seed/biz-config';
import { SEED_TRANSLATIONS, WEB_CONTAINER_ID } from '../seed/translations';
import { describeContentRepositoryContract } from './content-repository-contract';

/** The PostgreSQL implementation against the ContentRepository suite. */
describeContentRepositoryContract('PostgreSQL', postgresImplementation());

/** The seed on a database seeded before (every start seeds): what is missing is added, what an operator changed is kept. */
describe('the content seed again (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let repos: PostgresRepositories;
  beforeAll(async () => {
    database = await freshDatabase();
    repos = connectPostgresRepositories(database.url);
  });
  afterAll(async () => {
    await repos.close();
    await database.drop();
  });

  it('serves what was seeded: the config, both listings in order, every translation', async () => {
    expect(await repos.getBusinessConfig()).toMatchObject({ ...SEED_BUSINESS_CONFIG, smart_banner_apps_rating: [{ iOS: { rating: 4.7, count: 9412 }, Android: { rating: 4.6, count: 18234 } }] });
    expect((await repos.getAppListings()).map((l) => l.store)).toEqual(['ios', 'android']);
    expect(await repos.getTranslations(WEB_CONTAINER_ID, 'ar')).toEqual(SEED_TRANSLATIONS.ar);
  });

  it('keeps an operator’s values and adds back what is missing', async () => {
    const { db } = repos;
    await db.run("UPDATE business_config SET value = '7' WHERE key = 'vat_percentage'");
    await db.run("DELETE FROM business_config WHERE key = 'min_promo_code_length'");
    await db.run("UPDATE app_store_listings SET rating = 3.9, position = 5 WHERE store = 'ios'");
    await db.run("UPDATE translations SET value = 'Changed' WHERE container_id = $1 AND language = 'en' AND key = $2", [WEB_CONTAINER_ID, Object.keys(SEED_TRANSLATIONS.en)[0]]);
    await db.transaction(() => seedContent(db));
    const config = await repos.getBusinessConfig();
    expect(config).toMatchObject({ vat_percentage: 7, min_promo_code_length: SEED_BUSINESS_CONFIG.min_promo_code_length });
    expect((await repos.getAppListings()).map((l) => [l.store, l.rating])).toEqual([
      ['android', 4.6],
      ['ios', 3.9],
    ]);
    const en = await repos.getTranslations(WEB_CONTAINER_ID, 'en');
    expect(Object.keys(en)).toHaveLength(Object.keys(SEED_TRANSLATIONS.en).length);
    expect(Object.values(en)).toContain('Changed');
  });
});
