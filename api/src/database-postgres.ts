import { applyRetention, bound } from './database';
import { PgDatabase } from './platform/db/postgres/pg-database';
import { migratePostgres } from './platform/db/postgres/pg-migrations';
import { PgSessionRepository } from './platform/sessions/postgres/pg-session-repository';
import { PgReferenceVersionRepository } from './platform/reference-versions/postgres/pg-reference-version-repository';
import { PgIdentityRepository } from './modules/identity/postgres/pg-identity-repository';
import { PgPaymentRepository } from './modules/payment/postgres/pg-payment-repository';
import { PgContentRepository } from './modules/content/postgres/pg-content-repository';
import { PgConsentRepository } from './modules/consent/postgres/pg-consent-repository';
import { PgFlowRepository } from './modules/flow/postgres/pg-flow-repository';
import { PgMeasurementRepository } from './modules/measurement/postgres/pg-measurement-repository';
import { PgAccountRepository } from './modules/account/postgres/pg-account-repository';
import { PgCatalogueRepository } from './modules/catalogue/postgres/pg-catalogue-repository';
import { PgNumbersRepository } from './modules/numbers/postgres/pg-numbers-repository';
import { PgFulfilmentRepository } from './modules/fulfilment/postgres/pg-fulfilment-repository';
import { PgRetailRepository } from './modules/retail/postgres/pg-retail-repository';
import type { ModuleRepositories, Repositories } from './repositories';
import { PG_MIGRATIONS } from './schema-versions-postgres';
import type { SeedOptions, SeedReport } from './seed-database';
import { seedPostgres } from './seed-postgres';

/**
 * The database of a deployment that runs several API instances: every module's PostgreSQL
 * repository on one pool, as one Repositories object with the same shape as the embedded SQLite
 * one (database.ts). Where one write must stay atomic across modules, the owning repository takes
 * the other module's step inside its own transaction (PgDatabase carries the transaction through
 * the call), wired here as for SQLite.
 */
export interface PostgresRepositories extends Repositories {
  db: PgDatabase;
}

export function composePostgresRepositories(db: PgDatabase): PostgresRepositories {
  // Their steps for the other modules (as in database.ts): identity's pendingCheckAccount and
  // dropPendingCheck (account); payment's paymentOpen (catalogue, numbers), hasCapture,
  // decisionDocument and simsSold (fulfilment).
  const payment = new PgPaymentRepository(db);
  const identity = new PgIdentityRepository(db);
  const catalogue = new PgCatalogueRepository(db, { paymentOpen: (uid) => payment.paymentOpen(uid) });
  const numbers = new PgNumbersRepository(db, {
    paymentOpen: (uid) => payment.paymentOpen(uid),
    operatorNames: async (language) => {
      const nameOf = await catalogue.namesIn(language);
      return (code, english) => nameOf('operator', code, english);
    },
    resetLongProduct: (uid, code) => catalogue.resetLongProduct(uid, code),
  });
  const account = new PgAccountRepository(db, {
    pendingCheckAccount: (uid) => identity.pendingCheckAccount(uid),
    dropPendingCheck: (uid) => identity.dropPendingCheck(uid),
  });
  const fulfilment = new PgFulfilmentRepository(db, {
    hasCapture: (uid) => payment.hasCapture(uid),
    decisionDocument: (id) => payment.decisionDocument(id),
    simsSold: (document, exceptUid) => payment.simsSold(document, exceptUid),
  });
  const repositories: ModuleRepositories = {
    ...bound(new PgSessionRepository(db)),
    ...bound(new PgReferenceVersionRepository(db)),
    ...bound(account),
    ...bound(catalogue),
    ...bound(numbers),
    ...bound(identity),
    ...bound(payment),
    ...bound(fulfilment),
    ...bound(new PgFlowRepository(db)),
    ...bound(new PgContentRepository(db)),
    ...bound(new PgConsentRepository(db)),
    ...bound(new PgRetailRepository(db)),
    ...bound(new PgMeasurementRepository(db)),
  };
  return {
    ...repositories,
    db,
    // PostgreSQL has no WAL to empty by hand: deleted rows' space is reclaimed by (auto)vacuum
    // (api/README.md, "Data at rest").
    applyRetention: (cutoffs) => applyRetention(repositories, cutoffs, () => undefined),
    ping: async () => {
      await db.query('SELECT 1');
    },
    close: () => db.close(),
  };
}

export interface OpenedPostgresRepositories {
  repos: PostgresRepositories;
  migrationsApplied: number[];
  seed: SeedReport;
  seedMs: number;
}

/**
 * Connects to a PostgreSQL database (postgres://...), migrates it (once, whichever instance gets
 * there first: pg-migrations.ts), seeds it as the embedded database is seeded, and composes its
 * repositories.
 */
export async function openPostgresRepositories(url: string, options: SeedOptions & { now?: number; poolMax?: number } = {}): Promise<OpenedPostgresRepositories> {
  const db = PgDatabase.connect(url, options.poolMax ? { max: options.poolMax } : {});
  try {
    const migrationsApplied = await migratePostgres(db, PG_MIGRATIONS, options.now ?? Date.now());
    const started = performance.now();
    const seed = await seedPostgres(db, options);
    return { repos: composePostgresRepositories(db), migrationsApplied, seed, seedMs: Math.round(performance.now() - started) };
  } catch (e) {
    await db.close();
    throw e;
  }
}

/** A further connection (pool) to a database already migrated and seeded: another process, a worker thread. */
export function connectPostgresRepositories(url: string, options: { poolMax?: number } = {}): PostgresRepositories {
  return composePostgresRepositories(PgDatabase.connect(url, options.poolMax ? { max: options.poolMax } : {}));
}
