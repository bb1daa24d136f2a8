/**
 * @join/shared/retail: the retail mode's contract (shop devices, staff sign-in, customer sessions
 * on a shop device, the audit). The host's retail screens bundle it; it reaches the kernel only
 * through `@join/shared`.
 */
import { registerTexts } from '@join/shared';

// Bundled English is only the fallback under the API's translations: its own chunk.
void import(/* webpackChunkName: "retail-texts" */ './texts').then((m) => registerTexts(m.RETAIL_TEXTS));

export * from './constants';
export * from './schemas';
export * from './endpoints';
