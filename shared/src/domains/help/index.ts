/**
 * @join/shared/help: the help modal's contract (the feedback rule and payloads, the call, the
 * help texts). Not part of the kernel singleton: the host's help chunk bundles it and loads it
 * the first time the modal opens, so the first screen does not carry it. It reaches the kernel
 * only through `@join/shared`.
 */
import { registerTexts } from '@join/shared';
import { HELP_TEXTS } from './texts';

registerTexts(HELP_TEXTS);

export * from './constants';
export * from './feedback-rule';
export * from './schemas';
export * from './endpoints';
export { HELP_TEXTS } from './texts';
