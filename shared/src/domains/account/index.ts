/**
 * @join/shared/account: the account domain's contract (login, code, password, social login,
 * profile, terminated numbers). The identity remote bundles it; it reaches the kernel only
 * through `@join/shared`.
 */
import { registerTexts } from '@join/shared';

// Bundled English is only the fallback under the API's translations: its own chunk.
void import('./texts').then((m) => registerTexts(m.ACCOUNT_TEXTS));

export * from './schemas';
export * from './endpoints';
