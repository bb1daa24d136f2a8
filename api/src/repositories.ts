import type { SessionRepository } from './platform/sessions/repository';
import type { ReferenceVersionRepository } from './platform/reference-versions/repository';
import type { AccountRepository } from './modules/account/repository';
import type { CatalogueRepository } from './modules/catalogue/repository';
import type { ContentRepository } from './modules/content/repository';
import type { ConsentRepository } from './modules/consent/repository';
import type { MeasurementRepository } from './modules/measurement/repository';
import type { FlowRepository } from './modules/flow/repository';
import type { FulfilmentRepository } from './modules/fulfilment/repository';
import type { IdentityRepository } from './modules/identity/repository';
import type { NumbersRepository } from './modules/numbers/repository';
import type { PaymentRepository } from './modules/payment/repository';
import type { RetailRepository } from './modules/retail/repository';
import type { RetentionCutoffs, RetentionReport } from './modules/flow/retention';

/**
 * Every repository at once: what route handlers reach as ctx.repos. Each module's repository
 * (modules/<m>/repository.ts) is the boundary between that module and the database; routes call
 * their operations and never write SQL, so a PostgreSQL implementation can replace the embedded
 * SQLite one module by module. Every method is async for that reason, even though SQLite answers
 * synchronously. database.ts composes the SQLite implementations into one Repositories object.
 */
export type ModuleRepositories = SessionRepository &
  ReferenceVersionRepository &
  AccountRepository &
  CatalogueRepository &
  NumbersRepository &
  IdentityRepository &
  PaymentRepository &
  FulfilmentRepository &
  FlowRepository &
  ContentRepository &
  ConsentRepository &
  MeasurementRepository &
  RetailRepository;

export interface Repositories extends ModuleRepositories {
  /**
   * Housekeeping, the retention schedule (flow/retention.ts): each repository prunes its own
   * records (whole visitors, then payment attempts that took no money, then feedback). Nothing
   * deleted stays readable in the database's files.
   */
  applyRetention(cutoffs: RetentionCutoffs): Promise<RetentionReport>;
  /**
   * Resolves once the database answered a trivial query (`SELECT 1`), rejects when it cannot:
   * the readiness check (GET /health/ready) a load balancer asks every second or so.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}
