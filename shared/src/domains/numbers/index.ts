/**
 * @join/shared/numbers: the number domain's contract (payload schemas, endpoint functions and
 * texts). Not a Module Federation singleton: the number remote bundles it and ships it, so the
 * number team changes it without a host deploy. It reaches the kernel only through
 * `@join/shared`, the page's singleton.
 */
import { registerTexts } from '@join/shared';

// Bundled English is only the fallback under the API's translations (start-up loads those before
// any step renders), so it comes in its own chunk, after the step's first download.
void import('./texts').then((m) => registerTexts(m.NUMBER_TEXTS));

export * from './constants';
export * from './schemas';
export * from './endpoints';
