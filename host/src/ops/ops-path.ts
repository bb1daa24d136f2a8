/**
 * The operations page's address (issue 28): a hash route of its own, outside the purchase flow
 * like the retail screens. Written here, not in the kernel's ROUTES: no step, guard or stepper
 * knows it, and the host's first download carries only this string for it.
 */
export const OPS_PATH = '/ops';

/** Whether a hash address is the operations page. */
export function isOpsPath(hash: string): boolean {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  return path === OPS_PATH || path.startsWith(`${OPS_PATH}/`);
}
