import type { RateLimitOptions } from '../../platform/http/rate-limits';
import type { MeasurementRepository } from './repository';
import type { DailyVisitorKeys } from './visitor-keys';
import type { LimitStore } from '../../platform/limits/limit-store';

/** Failed operator credentials allowed per address and window before the summary answers 429. */
export interface OpsFailureRules {
  max: number;
  windowMs: number;
}
export const OPS_FAILURES: Readonly<OpsFailureRules> = Object.freeze({ max: 10, windowMs: 15 * 60_000 });

/** What the measurement module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface MeasurementDeps {
  repos: MeasurementRepository;
  now: () => number;
  /** Where the operator credential's failures per address are counted (across instances on PostgreSQL). */
  limits: LimitStore;
  rateLimit: Pick<RateLimitOptions, 'windowMs' | 'collectMax' | 'collectPerDeviceMax'>;
  /** Which sessions are retail customer sessions (the retail module's port): a shop device is never measured. */
  retailSessions: { sessionOf(tokenHash: string): Promise<object | null> };
  measurement: {
    /** Whether the visitor's recorded consent says yes to analytics for the current texts (the consent module's analyticsConsented). */
    analyticsConsented(uid: string): Promise<boolean>;
    /** The day's visitor keys: the day's salt and each visitor's counts, in the LimitStore. */
    visitorKeys: DailyVisitorKeys;
    /** The operator credential of GET /ops/summary.json (JOIN_OPS_TOKEN, at least 32 characters); null: the summary is off (404). */
    opsToken: string | null;
    opsFailures: OpsFailureRules;
  };
}
