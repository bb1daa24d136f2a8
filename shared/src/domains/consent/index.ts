/**
 * @join/shared/consent: the consent choice's contract (the purposes, the payloads, the calls, the
 * panel's texts). Not part of the kernel singleton: the host's consent chunk bundles it and loads it
 * once the first screen is live, so the first screen does not carry it.
 */
import { registerTexts } from '@join/shared';
import { CONSENT_TEXTS } from './texts';

registerTexts(CONSENT_TEXTS);

export * from './constants';
export * from './schemas';
export * from './endpoints';
export { CONSENT_TEXTS } from './texts';
