/**
 * The retail mode's routes and timings. The retail screens are hash routes of the host (outside the
 * purchase flow's step table): the start screen is where a wipe, "End session", "Start over" and
 * the retail Back from /plan-selection land (SPEC 2, 4).
 */
export const RETAIL_ROUTES = {
  /** The retail start screen: the shop's name, the staff member, "Start a new customer". */
  start: '/retail',
  /** A device not yet enrolled shows its pairing code here and waits for a manager. */
  enrol: '/retail/enrol',
  /** A staff member signs in on an enrolled device. */
  signIn: '/retail/sign-in',
  /** A manager (on any device): approve a device's pairing code, read the audit. */
  manager: '/retail/manager',
} as const;

/** The browser address of the retail start screen (hash routing). */
export const RETAIL_START_URL = `/#${RETAIL_ROUTES.start}`;

/** SPEC 4 / 9: the idle pop-up's countdown, and how often it checks. */
export const RETAIL_COUNTDOWN_MS = 120_000;
export const RETAIL_CHECK_EVERY_MS = 30_000;
