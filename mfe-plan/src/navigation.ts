import { goFrom } from '@join/shared/display';

/** This module's name in the module registry (shared/src/modules/registry.json). */
export const MODULE_NAME = 'plan';

/** Show one of this step's own pages; the host refuses other steps' routes and still guards this one. */
export const go = goFrom(MODULE_NAME);

/** The start parameters that steer the plan step; dropped once used so a later visit starts plain. */
export const PLAN_START_PARAMS = ['preset', 'product_code', 'plantype'] as const;
