/**
 * The retail rules' tunables (api/README.md "Retail" says why each is what it is).
 */
export interface RetailRules {
  /** A staff sign-in lasts one shift, not sliding: the credential ends at a fixed time, used or not. */
  staffShiftMs: number;
  /** A manager's sign-in (approve a device, read the audit): short, not sliding. */
  managerMs: number;
  /** The enrolled device's cookie: browsers keep a cookie at most 400 days. */
  deviceCookieMaxAgeS: number;
  /** RFC 8628: how long a pairing code waits, and the polling interval. */
  pairingTtlS: number;
  pollIntervalS: number;
  /** Wrong PINs of one staff member before a lock, and the lock. */
  pinFailures: number;
  lockMs: number;
  /** Wrong PINs on one device over all staff before the device's sign-in is locked (same lock time). */
  deviceFailures: number;
  /** Wrong pairing codes a manager's sign-in may type before it ends. */
  approveFailures: number;
}

export const RETAIL_RULES: Readonly<RetailRules> = Object.freeze({
  staffShiftMs: 8 * 3600_000,
  managerMs: 15 * 60_000,
  deviceCookieMaxAgeS: 400 * 24 * 3600,
  pairingTtlS: 600,
  pollIntervalS: 5,
  pinFailures: 5,
  lockMs: 15 * 60_000,
  deviceFailures: 20,
  approveFailures: 5,
});

/** The cookies (HttpOnly, SameSite=Strict, Path=/api); their values are 256-bit secrets stored hashed. */
export const RETAIL_COOKIES = {
  device: 'join_retail_device',
  staff: 'join_retail_staff',
  manager: 'join_retail_manager',
} as const;
