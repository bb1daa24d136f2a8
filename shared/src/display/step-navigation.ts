import { bus } from '@join/shared';

/**
 * How a step shows one of its own pages: it asks the host (navigate:request, from the step's name
 * in the module registry), which refuses other steps' routes and still guards this one.
 */
export function goFrom(moduleName: string): (to: string) => void {
  return (to) => bus.emit('navigate:request', { from: moduleName, to });
}

/**
 * A query parameter of the hash route (`#/payment/payfort_token?payment=pay_…`, where a provider's
 * pages return; `#/delivery-closed?next=…`). Read from the address itself, as the host routes on
 * the hash.
 */
export function hashParam(name: string): string | null {
  const hash = window.location.hash;
  const q = hash.indexOf('?');
  return q < 0 ? null : new URLSearchParams(hash.slice(q + 1)).get(name);
}
