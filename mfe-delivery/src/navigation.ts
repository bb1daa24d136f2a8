import { goFrom } from '@join/shared/display';

export { hashParam } from '@join/shared/display';

/** This module's name in the module registry (shared/src/modules/registry.json). */
export const MODULE_NAME = 'delivery';

/** The delivery step's own sub-paths (the step owns open-ended sub-paths of /submit_delivery). */
export const DETAILS_ROUTE = '/submit_delivery/details';

/** Show one of this step's own pages; the host refuses other steps' routes and still guards this one. */
export const go = goFrom(MODULE_NAME);
