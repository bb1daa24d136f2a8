/**
 * The framework-free contract for Node: the kernel's constants and schemas and every domain's
 * payload schemas, with no browser code. The API server imports this (`@join/shared/contract`)
 * so that client and server parse one contract without pulling the browser client, store or
 * i18n into Node. It also carries the pure flow contract, so the API's endpoint guards call the
 * same rule functions as the host's route guards.
 */
import { EN } from './i18n/en';
import { NUMBER_TEXTS } from './domains/numbers/texts';
import { PLAN_TEXTS } from './domains/plans/texts';

export * from './kernel-node';
export * from './domains/plans/schemas';
export * from './domains/numbers/schemas';

/** Every bundled English text, the kernel's and each domain's: what GET /translations serves in English. */
export const EN_TRANSLATIONS = { ...EN, ...NUMBER_TEXTS, ...PLAN_TEXTS } as const;
export type TranslationKey = keyof typeof EN_TRANSLATIONS;
