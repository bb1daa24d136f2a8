/**
 * @join/shared/apps: the app banner's contract (SPEC 2's smart banner with the stores' ratings,
 * SPEC 7's GET /cms/rating_list): the payload, the call, the banner's texts. Not part of the
 * kernel singleton: the host's app-banner chunk bundles it and loads it once the first screen is
 * live, so the first screen does not carry it.
 */
import { registerTexts } from '@join/shared';
import { APPS_TEXTS } from './texts';

registerTexts(APPS_TEXTS);

export * from './constants';
export * from './schemas';
export * from './endpoints';
export { APPS_TEXTS } from './texts';
