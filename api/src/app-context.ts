import type { AccountDeps } from './modules/account';
import type { CatalogueDeps } from './modules/catalogue';
import type { ContentDeps } from './modules/content';
import type { FlowDeps } from './modules/flow';
import type { FulfilmentDeps } from './modules/fulfilment';
import type { IdentityDeps } from './modules/identity';
import type { NumbersDeps } from './modules/numbers';
import type { PaymentDeps, RetailSessions } from './modules/payment';
import type { RateLimitOptions } from './platform/http/rate-limits';
import type { Repositories } from './repositories';

/**
 * Until the retail module answers it (buildApp's retailSessions), no session is a retail
 * customer session: pay at the counter is refused everywhere (403 counter_not_available).
 */
export const NO_RETAIL_SESSIONS: RetailSessions = { sessionOf: async () => null };

/**
 * What buildApp composes once and hands to the route plugins: every module's dependencies at
 * once. Each module declares what it uses (modules/<m>/deps.ts) and is given this whole context,
 * which fits each of them; no module imports this file.
 */
export interface AppContext
  extends AccountDeps,
    CatalogueDeps,
    ContentDeps,
    FlowDeps,
    FulfilmentDeps,
    IdentityDeps,
    NumbersDeps,
    PaymentDeps {
  repos: Repositories;
  rateLimit: RateLimitOptions;
  /** The session lifetimes the session guard enforces. */
  session: { idleMs: number; absoluteMs: number };
  identity: IdentityDeps['identity'];
  bizConfig: ContentDeps['bizConfig'];
}
