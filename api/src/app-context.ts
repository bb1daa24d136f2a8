import type { FlowStatusFlags } from '@join/shared/contract';
import type { Store } from './data/store';
import type { HoldLimits } from './domain/holds';
import type { TransferCheckBudget } from './domain/transfer-budget';

/** What route handlers share: the store, the injected clock and the tunables of buildApp. */
export interface AppContext {
  store: Store;
  now: () => number;
  random: () => number;
  holdMs: number;
  session: { idleMs: number; absoluteMs: number };
  /** Overrides of the stored business config: maintenance_mode (undefined: stored), promo_codes_enabled. */
  bizConfig: { maintenanceMode: string | null | undefined; fail: boolean; promoCodesEnabled: boolean };
  rateLimit: RateLimitOptions;
  /** Anti-hoarding limits on new holds (HOLD_LIMITS unless buildApp is told otherwise). */
  holdLimits: HoldLimits;
  /** Who checked which numbers for transfer (the operator lookup budget). */
  transferChecks: TransferCheckBudget;
  /** See AppOptions.flowFlagsOverlay. */
  flowFlagsOverlay?: (uid: string) => Partial<FlowStatusFlags>;
}

export interface RateLimitOptions {
  windowMs: number;
  /** Per IP and window, on login_by_device_id. */
  loginMax: number;
  /** Per IP and window, on random offers (POST numbers/random and GET numbers?random=true together). */
  randomNumbersMax: number;
  /** Per IP and window, on numbers/search. */
  searchMax: number;
  /**
   * Per IP and window, on the transfer check and reserve together: each answer tells which
   * operator a number is on, so the budget is small enough to stop probing.
   */
  transferMax: number;
  /**
   * Per IP and window, on every answer that tells whether a promo code exists: eligibility
   * checks, and quotes and saves that carry promo_code, so codes cannot be guessed in bulk.
   */
  promoMax: number;
  /**
   * Per IP and window, on POST /me/feedback: generous, since many visitors may share one
   * address (a hotel, an airport); feedbackPerDeviceMax is the budget of one visitor.
   */
  feedbackMax: number;
  /** Per device and window, on POST /me/feedback: enough to correct a note, not to flood. */
  feedbackPerDeviceMax: number;
  /** Per address (IPv6 /64) and window, on POST /numbers (new holds and extensions). */
  reserveMax: number;
  /** Per device and window, on POST /numbers. */
  reserveDeviceMax: number;
}
