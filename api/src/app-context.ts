import type { Store } from './data/store';

/** What route handlers share: the store, the injected clock and the tunables of buildApp. */
export interface AppContext {
  store: Store;
  now: () => number;
  random: () => number;
  holdMs: number;
  session: { idleMs: number; absoluteMs: number };
  bizConfig: { maintenanceMode: string | null | undefined; fail: boolean };
  rateLimit: RateLimitOptions;
}

export interface RateLimitOptions {
  windowMs: number;
  /** Per IP and window, on login_by_device_id. */
  loginMax: number;
  /** Per IP and window, on numbers/random. */
  randomNumbersMax: number;
}
