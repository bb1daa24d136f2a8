import type { AccountDeps } from './modules/account';
import type { CatalogueDeps } from './modules/catalogue';
import type { ContentDeps } from './modules/content';
import type { ConsentDeps } from './modules/consent';
import type { MeasurementDeps } from './modules/measurement';
import type { FlowDeps } from './modules/flow';
import type { FulfilmentDeps } from './modules/fulfilment';
import type { IdentityDeps } from './modules/identity';
import type { NumbersDeps } from './modules/numbers';
import type { PaymentDeps } from './modules/payment';
import type { RetailAuditPort, RetailDeps, RetailSessionsPort } from './modules/retail';
import type { RateLimitOptions } from './platform/http/rate-limits';
import type { Repositories } from './repositories';

/**
 * What buildApp composes once and hands to the route plugins: every module's dependencies at
 * once. Each module declares what it uses (modules/<m>/deps.ts) and is given this whole context,
 * which fits each of them; no module imports this file.
 */
export interface AppContext
  extends AccountDeps,
    CatalogueDeps,
    ContentDeps,
    ConsentDeps,
    FlowDeps,
    FulfilmentDeps,
    IdentityDeps,
    MeasurementDeps,
    NumbersDeps,
    PaymentDeps,
    RetailDeps {
  repos: Repositories;
  rateLimit: RateLimitOptions;
  /** The session lifetimes the session guard enforces. */
  session: { idleMs: number; absoluteMs: number };
  identity: IdentityDeps['identity'];
  bizConfig: ContentDeps['bizConfig'];
  /** The retail audit of a retail customer's identity check, payment and order (the identity, payment and fulfilment modules' port). */
  retailAudit: RetailAuditPort;
  /** A retail customer session's shop, device, staff member and terminal (the counter payment's lookup). */
  retailSessions: RetailSessionsPort;
}
