import type { Database } from 'better-sqlite3';
import { seedAccounts } from './modules/account/sqlite/seed-accounts';
import { seedNames, seedProducts, seedPromotions } from './modules/catalogue/sqlite/seed-catalogue';
import { seedContent } from './modules/content/sqlite/seed-content';
import { seedConsent } from './modules/consent/sqlite/seed-consent';
import { seedDelivery } from './modules/fulfilment/sqlite/seed-fulfilment';
import { seedNumbers, seedTransfer } from './modules/numbers/sqlite/seed-numbers';
import { DEFAULT_POOL_SIZE } from './modules/numbers/seed/number-pool';
import { seedRetail } from './modules/retail/sqlite/seed-retail';

/**
 * Fills a migrated database. The catalogue (products, their plans and prices, commitment
 * terms, promotions, promo codes, boosters) is reference data: every start writes the seed's
 * rows over the database's (an UPSERT), so a database made by an earlier version gets today's
 * catalogue and prices; a seeded product's plans and automatic promotions are replaced as a
 * set, and rows the seed does not name are left alone. Config, translations, operators and
 * external subscribers use INSERT OR IGNORE: a key added to the seed files reaches an
 * existing database, and a value an operator changed is kept. Users' data is never touched.
 * The number pool is seeded only into an empty table. Each module seeds its own tables
 * (modules/<m>/sqlite/seed-*.ts); this runs them in one transaction.
 */
export interface SeedOptions {
  /** Numbers in the pool; tests use a smaller one to stay fast. */
  poolSize?: number;
}

export interface SeedReport {
  numbersInserted: number;
}

export function seedDatabase(db: Database, options: SeedOptions = {}): SeedReport {
  return db
    .transaction(() => {
      seedProducts(db);
      seedPromotions(db);
      seedContent(db);
      seedConsent(db, Date.now());
      seedTransfer(db);
      seedNames(db);
      seedAccounts(db);
      seedDelivery(db);
      seedRetail(db, Date.now());
      return { numbersInserted: seedNumbers(db, options.poolSize ?? DEFAULT_POOL_SIZE) };
    })
    .immediate();
}
