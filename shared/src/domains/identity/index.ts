/**
 * @join/shared/identity: the identity domain's contract (so far the location check). The
 * identity remote bundles it; it reaches the kernel only through `@join/shared`.
 */
import { registerTexts } from '@join/shared';

// Bundled English is only the fallback under the API's translations: its own chunk.
void import('./texts').then((m) => registerTexts(m.IDENTITY_TEXTS));

export * from './schemas';
export * from './endpoints';
