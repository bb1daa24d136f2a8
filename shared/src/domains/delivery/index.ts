/**
 * @join/shared/delivery: the delivery domain's contract. The delivery remote bundles
 * it; it reaches the kernel only through `@join/shared`.
 */
import { registerTexts } from '@join/shared';

// Bundled English is only the fallback under the API's translations: its own chunk.
void import('./texts').then((m) => registerTexts(m.DELIVERY_TEXTS));

export * from './constants';
export * from './schemas';
export * from './endpoints';
