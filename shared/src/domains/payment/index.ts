/**
 * @join/shared/payment: the payment domain's contract. The payment remote bundles it;
 * it reaches the kernel only through `@join/shared`.
 */
import { registerTexts } from '@join/shared';

// Bundled English is only the fallback under the API's translations: its own chunk.
void import('./texts').then((m) => registerTexts(m.PAYMENT_TEXTS));

export * from './schemas';
export * from './endpoints';
export * from './card-fields';
export * from './card-rules';
