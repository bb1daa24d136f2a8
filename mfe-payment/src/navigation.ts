import { bus } from '@join/shared';

/** This module's name in the module registry (shared/src/modules/registry.json). */
export const MODULE_NAME = 'payment';

/** Show one of this step's own pages; the host refuses other steps' routes and still guards this one. */
export const go = (to: string): void => bus.emit('navigate:request', { from: MODULE_NAME, to });

/**
 * A query parameter of the hash route (`#/payment/payfort_token?payment=pay_…`): the provider's
 * pages return there. Read from the address itself, as the host routes on the hash.
 */
export function hashParam(name: string): string | null {
  const hash = window.location.hash;
  const q = hash.indexOf('?');
  return q < 0 ? null : new URLSearchParams(hash.slice(q + 1)).get(name);
}

/** The browser's own navigation, as an object so tests can stub it (jsdom does not navigate). */
export const browser = { assign: (url: string): void => window.location.assign(url) };

/** The browser leaves for a provider's page (3-D Secure, the BNPL checkout). */
export const leaveFor = (url: string): void => browser.assign(url);
