import { goFrom } from '@join/shared/display';

export { hashParam } from '@join/shared/display';

/** This module's name in the module registry (shared/src/modules/registry.json). */
export const MODULE_NAME = 'payment';

/** Show one of this step's own pages; the host refuses other steps' routes and still guards this one. */
export const go = goFrom(MODULE_NAME);

/** The browser's own navigation, as an object so tests can stub it (jsdom does not navigate). */
export const browser = { assign: (url: string): void => window.location.assign(url) };

/** The browser leaves for a provider's page (3-D Secure, the BNPL checkout). */
export const leaveFor = (url: string): void => browser.assign(url);
