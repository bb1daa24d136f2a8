/**
 * @join/shared/plans: the plan domain's contract (payload schemas, endpoint functions, texts and
 * the plan save sequence). Not a Module Federation singleton: each remote that uses it bundles
 * it, so the plan team changes it and ships it with its remote, without a host deploy. It reaches
 * the kernel (client, store, bus, i18n) only through `@join/shared`, the page's singleton.
 */
import { registerTexts } from '@join/shared';

// Bundled English is only the fallback under the API's translations (start-up loads those before
// any step renders), so it comes in its own chunk, after the step's first download.
void import('./texts').then((m) => registerTexts(m.PLAN_TEXTS));

export * from './constants';
export * from './schemas';
export * from './endpoints';
export * from './save-plan';
export * from './price-view';
export * from './promo-rules';
