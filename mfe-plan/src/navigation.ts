import { bus } from '@join/shared';

/** Ask the host to show a route; the host still applies the flow contract's guards. */
export const go = (to: string): void => bus.emit('navigate:request', { to });

/** The start parameters that steer the plan step; dropped once used so a later visit starts plain. */
export const PLAN_START_PARAMS = ['preset', 'product_code', 'plantype'] as const;
export function withoutPlanStart(params: Readonly<Record<string, string>>): Record<string, string> {
  const rest: Record<string, string> = { ...params };
  for (const k of PLAN_START_PARAMS) delete rest[k];
  return rest;
}
