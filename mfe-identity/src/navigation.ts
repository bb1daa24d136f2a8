import { bus } from '@join/shared';

/** This module's name in the module registry (shared/src/modules/registry.json). */
export const MODULE_NAME = 'identity';

/** Show one of this step's own pages; the host refuses other steps' routes and still guards this one. */
export const go = (to: string): void => bus.emit('navigate:request', { from: MODULE_NAME, to });
