import type { PgDatabase } from './platform/db/postgres/pg-database';
import { seedAccounts } from './modules/account/postgres/seed-accounts';
import { seedNames, seedProducts, seedPromotions } from './modules/catalogue/postgres/seed-catalogue';
import { seedContent } from './modules/content/postgres/seed-content';
import { seedConsent } from './modules/consent/postgres/seed-consent';
import { seedNumbers, seedTransfer } from './modules/numbers/postgres/seed-numbers';
import { DEFAULT_POOL_SIZE } from './modules/numbers/seed/number-pool';
import type { SeedOptions, SeedReport } from './seed-database';
import { seedDelivery } from './modules/fulfilment/postgres/seed-fulfilment';
import { seedRetail } from './modules/retail/postgres/seed-retail';

/**
 * Fills a migrated PostgreSQL database exactly as seedDatabase (seed-database.ts) fills the
 * embedded one, from the same seed data (modules/<m>/seed/), each module with its own
 * modules/<m>/postgres/seed-*.ts, in one transaction. Reference data is written over what is
 * there (an UPSERT), keys an operator may have changed are only added (ON CONFLICT DO NOTHING),
 * users' data is never touched, and the number pool is seeded only into an empty table.
 */
export async function seedPostgres(db: PgDatabase, options: SeedOptions = {}): Promise<SeedReport> {
  return db.transaction(async () => {
    // Several instances may start at once: one seeds, the others wait here and then find the
    // rows there (every step is an UPSERT or insert-if-missing).
    await db.lockKey('join:seed');
    // In seed-database.ts's order.
    await seedProducts(db);
    await seedPromotions(db);
    await seedContent(db);
    await seedConsent(db, Date.now());
    await seedTransfer(db);
    await seedNames(db);
    await seedAccounts(db);
    await seedDelivery(db);
    await seedRetail(db, Date.now());
    return { numbersInserted: await seedNumbers(db, options.poolSize ?? DEFAULT_POOL_SIZE) };
  });
}
