import { bus } from '@join/shared';

/** This module's name in the module registry (shared/src/modules/registry.json). */
export const MODULE_NAME = 'delivery';

/** The delivery step's own sub-paths (the step owns open-ended sub-paths of /submit_delivery). */
export const DETAILS_ROUTE = '/submit_delivery/details';

/** Show one of this step's own pages; the host refuses other steps' routes and still guards this one. */
export const go = (to: string): void => bus.emit('navigate:request', { from: MODULE_NAME, to });

/** A query parameter of the hash route (`#/delivery-closed?next=…`). Read from the address itself, as the host routes on the hash. */
export function hashParam(name: string): string | null {
  const hash = window.location.hash;
  const q = hash.indexOf('?');
  return q < 0 ? null : new URLSearchParams(hash.slice(q + 1)).get(name);
}
