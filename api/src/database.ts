import type { Database } from 'better-sqlite3';
import { migrate } from './platform/db/migrations';
import { openDatabase } from './platform/db/open-database';
import { truncateWal } from './platform/db/transaction';
import { SqliteSessionRepository } from './platform/sessions/sqlite/sqlite-session-repository';
import { SqliteReferenceVersionRepository } from './platform/reference-versions/sqlite/sqlite-reference-version-repository';
import { SqliteAccountRepository } from './modules/account/sqlite/sqlite-account-repository';
import { SqliteCatalogueRepository } from './modules/catalogue/sqlite/sqlite-catalogue-repository';
import { SqliteContentRepository } from './modules/content/sqlite/sqlite-content-repository';
import { SqliteConsentRepository } from './modules/consent/sqlite/sqlite-consent-repository';
import { SqliteFlowRepository } from './modules/flow/sqlite/sqlite-flow-repository';
import { SqliteFulfilmentRepository } from './modules/fulfilment/sqlite/sqlite-fulfilment-repository';
import { SqliteIdentityRepository } from './modules/identity/sqlite/sqlite-identity-repository';
import { SqliteNumbersRepository } from './modules/numbers/sqlite/sqlite-numbers-repository';
import { SqlitePaymentRepository } from './modules/payment/sqlite/sqlite-payment-repository';
import { SqliteRetailRepository } from './modules/retail/sqlite/sqlite-retail-repository';
import { SqliteMeasurementRepository } from './modules/measurement/sqlite/sqlite-measurement-repository';
import { isoDay } from './modules/measurement';
import type { RetentionCutoffs, RetentionReport } from './modules/flow/retention';
import { MIGRATIONS } from './schema-versions';
import { seedDatabase, type SeedOptions, type SeedReport } from './seed-database';
import type { ModuleRepositories, Repositories } from './repositories';

/** The embedded database: every module's SQLite repository on one connection, as one Repositories object. */
export interface SqliteRepositories extends Repositories {
  /** Copies the WAL into the database and truncates it to nothing; false when a reader kept it busy. */
  truncateWal(): boolean;
}

/**
 * Binds every repository's methods into one object: ctx.repos keeps the shape route files call
 * (ctx.repos.reserveNumber, ...) while each method stays its module's.
 */
export function bound<T extends object>(repository: T): Pick<T, keyof T> {
  const methods: Record<string, unknown> = {};
  for (let proto: object | null = Object.getPrototypeOf(repository); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const member: unknown = (repository as Record<string, unknown>)[name];
      if (name !== 'constructor' && typeof member === 'function' && !(name in methods)) methods[name] = member.bind(repository);
    }
  }
  return methods as Pick<T, keyof T>;
}

/**
 * The repositories on one SQLite connection. Each module's repository owns its tables; where one
 * write must stay atomic across modules (a login drops a pending identity check, a capture keeps
 * the bought number, a new claim is refused under an open payment), the owning repository takes
 * the other module's step inside its own transaction, and the steps are wired here, so no module
 * reaches into another's SQLite code.
 */
export function composeSqliteRepositories(db: Database, ownsDatabase: boolean): SqliteRepositories {
  const payment = new SqlitePaymentRepository(db);
  const identity = new SqliteIdentityRepository(db);
  const catalogue = new SqliteCatalogueRepository(db, { paymentOpen: (uid) => payment.paymentOpen(uid) });
  const numbers = new SqliteNumbersRepository(db, {
    paymentOpen: (uid) => payment.paymentOpen(uid),
    operatorNames: (language) => {
      const nameOf = catalogue.namesIn(language);
      return (code, english) => nameOf('operator', code, english);
    },
    resetLongProduct: (uid, defaultProductCode) => catalogue.resetLongProduct(uid, defaultProductCode),
  });
  const account = new SqliteAccountRepository(db, {
    pendingCheckAccount: (uid) => identity.pendingCheckAccount(uid),
    dropPendingCheck: (uid) => identity.dropPendingCheck(uid),
  });
  const fulfilment = new SqliteFulfilmentRepository(db, {
    hasCapture: (uid) => payment.hasCapture(uid),
    decisionDocument: (id) => payment.decisionDocument(id),
    simsSold: (document, exceptUid) => payment.simsSold(document, exceptUid),
  });
  const flow = new SqliteFlowRepository(db);
  const content = new SqliteContentRepository(db);
  const repositories: ModuleRepositories = {
    ...bound(new SqliteSessionRepository(db)),
    ...bound(new SqliteReferenceVersionRepository(db)),
    ...bound(account),
    ...bound(catalogue),
    ...bound(numbers),
    ...bound(identity),
    ...bound(payment),
    ...bound(fulfilment),
    ...bound(flow),
    ...bound(content),
    ...bound(new SqliteConsentRepository(db)),
    ...bound(new SqliteRetailRepository(db)),
    ...bound(new SqliteMeasurementRepository(db)),
  };
  return {
    ...repositories,
    applyRetention: (cutoffs) => applyRetention(repositories, cutoffs, () => truncateWal(db)),
    truncateWal: () => truncateWal(db),
    // Throws once the connection is closed (or the file is unreadable): readiness answers 503.
    ping: async () => {
      db.prepare('SELECT 1').get();
    },
    close: async () => {
      if (ownsDatabase && db.open) db.close();
    },
  };
}

/**
 * The retention job: each repository prunes its own records, whole visitors first (their
 * payments and feedback go with them), then the payment attempts that took no money, then old
 * feedback. Identity decisions, addresses, phones: zeroed in the database (secure_delete), and the
 * WAL that still carries them emptied.
 */
export async function applyRetention(repositories: ModuleRepositories, cutoffs: RetentionCutoffs, emptyWal: () => void): Promise<RetentionReport> {
  const visitors = await repositories.pruneVisitors(cutoffs);
  const report: RetentionReport = {
    ...visitors,
    uncapturedPayments: await repositories.pruneUncapturedPayments(cutoffs.uncapturedPaymentBefore),
    feedback: await repositories.pruneFeedback(cutoffs.feedbackBefore),
    retailAudit: await repositories.pruneRetail(cutoffs.retailAuditBefore, cutoffs.now),
    // Whole days of the collector's records: a day goes once all of it is past the period.
    measurements: await repositories.pruneMeasurements(isoDay(cutoffs.measurementBefore)),
  };
  if (report.sales + report.unsoldVisitors + report.uncapturedPayments + report.feedback + report.retailAudit + report.measurements > 0) emptyWal();
  return report;
}

/** A database opened, migrated and seeded, with what was done to it. */
export interface OpenedRepositories {
  repos: SqliteRepositories;
  migrationsApplied: number[];
  seed: SeedReport;
  seedMs: number;
}

/**
 * Several servers starting together on one new file (`npm run start:scaled -- --sqlite`): the
 * first to take the write lock migrates and seeds (100,000 numbers, seconds on a busy machine),
 * longer than the busy timeout each statement of the others waits (5 s, open-database.ts). They
 * try again until it is done, up to this long; then each migration and the seed find their work
 * done (each reads the applied versions inside its own IMMEDIATE transaction).
 */
export const START_LOCK_WAIT_MS = 120_000;

/** By its code, not `instanceof Error`: a SqliteError may come from another realm (a Jest worker's earlier file: the flaky failure of concurrent-start.test.ts on CI). */
function isBusy(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && String((err as { code: unknown }).code).startsWith('SQLITE_BUSY');
}

function whileAnotherStarts<T>(work: () => T, waitMs: number): T {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return work();
    } catch (err) {
      if (!isBusy(err) || Date.now() >= until) throw err;
    }
  }
}

/**
 * Opens (creating if need be), migrates and seeds a SQLite database and composes its
 * repositories. A caller that passes an open database keeps ownership of it.
 */
export function openSqliteRepositories(source: string | Database, options: SeedOptions & { now?: number; startLockWaitMs?: number } = {}): OpenedRepositories {
  const owns = typeof source === 'string';
  const db = typeof source === 'string' ? openDatabase(source) : source;
  const waitMs = options.startLockWaitMs ?? START_LOCK_WAIT_MS;
  try {
    const migrationsApplied = whileAnotherStarts(() => migrate(db, MIGRATIONS, options.now ?? Date.now()), waitMs);
    const started = performance.now();
    const seed = whileAnotherStarts(() => seedDatabase(db, options), waitMs);
    return { repos: composeSqliteRepositories(db, owns), migrationsApplied, seed, seedMs: Math.round(performance.now() - started) };
  } catch (e) {
    if (owns) db.close();
    throw e;
  }
}

/** A further connection to a database already migrated and seeded (another process, a worker thread). */
export function connectSqliteRepositories(file: string): SqliteRepositories {
  return composeSqliteRepositories(openDatabase(file), true);
}
