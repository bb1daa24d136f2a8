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
import { HELP_TEXTS } from './domains/help/texts';
import { CONSENT_TEXTS } from './domains/consent/texts';
import { APPS_TEXTS } from './domains/apps/texts';
import { ACCOUNT_TEXTS } from './domains/account/texts';
import { IDENTITY_TEXTS } from './domains/identity/texts';
import { PAYMENT_TEXTS } from './domains/payment/texts';
import { DELIVERY_TEXTS } from './domains/delivery/texts';
import { RETAIL_TEXTS } from './domains/retail/texts';
import { MEASUREMENT_TEXTS } from './domains/measurement/texts';
import type { PluralCategory } from './i18n/plural';
import type { ErrorTranslationKey } from './errors/catalogue';

export * from './kernel-node';
export * from './domains/plans/constants';
export * from './domains/plans/schemas';
export * from './domains/plans/promotion-schemas';
export * from './domains/plans/promo-rules';
export * from './domains/numbers/constants';
export * from './domains/numbers/schemas';
export * from './domains/help/constants';
export * from './domains/help/schemas';
export * from './domains/help/feedback-rule';
export * from './domains/consent/constants';
export * from './domains/consent/schemas';
export * from './domains/apps/constants';
export * from './domains/apps/schemas';
export * from './domains/account/schemas';
export * from './domains/identity/schemas';
export * from './domains/payment/schemas';
export * from './domains/payment/card-fields';
export * from './domains/payment/card-rules';
export * from './domains/delivery/constants';
export * from './domains/delivery/schemas';
export * from './domains/retail/constants';
export * from './domains/retail/schemas';

/** Every bundled English text, the kernel's and each domain's: what GET /translations serves in English. */
export const EN_TRANSLATIONS = { ...EN, ...NUMBER_TEXTS, ...PLAN_TEXTS, ...HELP_TEXTS, ...CONSENT_TEXTS, ...APPS_TEXTS, ...ACCOUNT_TEXTS, ...IDENTITY_TEXTS, ...PAYMENT_TEXTS, ...DELIVERY_TEXTS, ...RETAIL_TEXTS, ...MEASUREMENT_TEXTS } as const;
export type TranslationKey = keyof typeof EN_TRANSLATIONS;

export { PLURAL_CATEGORIES, pluralCategory, pluralCategoriesOf, type PluralCategory } from './i18n/plural';
export { ERROR_CATALOGUE, errorObjectFor, errorTranslations, type ErrorTranslationKey } from './errors/catalogue';

type PluralBase<K> = K extends `${infer B}.other` ? B : never;
/** The plural keys' stems (`plan.validity` for `plan.validity.one|other`). */
export type PluralTranslationBase = PluralBase<TranslationKey>;
type PluralFormKey = `${PluralTranslationBase}.${PluralCategory}`;

/**
 * A complete dictionary in another language (Arabic): every English key, with all six plural
 * forms for a plural stem (Arabic uses all six), and the error catalogue's keys (whose English lives in code).
 */
export type TranslatedDictionary = Record<Exclude<TranslationKey, PluralFormKey>, string> &
  Record<PluralFormKey, string> &
  Record<ErrorTranslationKey, string>;
