import { dropStartParams, isRetailStart, type Store } from '@join/shared';

/**
 * RETAIL_ROUTES.start of @join/shared/retail, written out: this file is in the host's first
 * download, which the retail contract (its schemas, its calls) stays out of (a test keeps the two equal).
 */
export const RETAIL_START_PATH = '/retail';

/** SPEC 4's retail start parameters: read once at start-up, never kept in the store or the address. */
export const RETAIL_START_PARAMS = ['is_retail', 'session', 'account', 'deviceid'] as const;

/** SPEC 4: "a retail entry with a session and account" (with the device id it was opened for). */
export interface RetailEntry {
  session: string;
  account: string;
  deviceid: string;
}

let pendingEntry: RetailEntry | null = null;

/** The retail entry start-up found, handed once to the retail start screen (then forgotten). */
export function takeRetailEntry(): RetailEntry | null {
  const entry = pendingEntry;
  pendingEntry = null;
  return entry;
}

/** Whether a hash address is one of the retail screens (outside the purchase flow). */
export function isRetailPath(hash: string): boolean {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  return path === RETAIL_START_PATH || path.startsWith(`${RETAIL_START_PATH}/`);
}

/**
 * Start-up's retail branch, after the business config: true when the page opens a retail screen,
 * so start-up makes no device-id login (no visitor session on a shop device's screens).
 *
 * - A retail screen's address: always (with retail switched off the screen says so).
 * - `?is_retail=1` with retail on: the retail start screen instead of a visitor's flow; the
 *   start parameters leave the store (a session recovery must never send `is_retail`: only the
 *   staff credential makes a session retail). With `session`, `account` and `deviceid` too, the
 *   entry waits for the start screen, which adopts that session with the staff sign-in.
 * - With retail off, `is_retail` is ignored: the visitor's flow, and the device-id login without it.
 */
export function retailStart(
  params: Readonly<Record<string, string>>,
  retailOn: boolean,
  deps: { store?: Store; location?: { hash: string }; history?: Pick<History, 'replaceState' | 'state'> } = {},
): boolean {
  const loc = deps.location ?? window.location;
  // Retail off: `is_retail` is ignored here rather than sent to a server that now refuses it
  // without the staff credential (a visitor's link must not fail the start-up).
  if (!retailOn) dropStartParams(['is_retail'], deps.store);
  if (!retailOn || !isRetailStart(params)) return isRetailPath(loc.hash);
  const { session, account, deviceid } = params;
  pendingEntry = session && account && deviceid ? { session, account, deviceid } : null;
  dropStartParams(RETAIL_START_PARAMS, deps.store);
  if (!isRetailPath(loc.hash)) {
    const history = deps.history ?? window.history;
    history.replaceState(history.state, '', `#${RETAIL_START_PATH}`);
  }
  return true;
}
