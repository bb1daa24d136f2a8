/**
 * Every Arabic text, the kernel's and each domain's, each beside its English: what
 * GET /translations serves in Arabic and what the API's e-mails and map data read. Node only
 * (`@join/shared/texts-ar`): the browser gets Arabic from the API and bundles English alone, so no
 * browser entry imports this file.
 */
import type { TranslatedDictionary } from './contract';
import { EN } from './i18n/en';
import { AR } from './i18n/ar';
import { errorTranslations } from './errors/catalogue';
import { ERROR_TEXTS_AR } from './errors/catalogue.ar';
import { NUMBER_TEXTS } from './domains/numbers/texts';
import { NUMBER_TEXTS_AR } from './domains/numbers/texts.ar';
import { PLAN_TEXTS } from './domains/plans/texts';
import { PLAN_TEXTS_AR } from './domains/plans/texts.ar';
import { HELP_TEXTS } from './domains/help/texts';
import { HELP_TEXTS_AR } from './domains/help/texts.ar';
import { CONSENT_TEXTS } from './domains/consent/texts';
import { CONSENT_TEXTS_AR } from './domains/consent/texts.ar';
import { APPS_TEXTS } from './domains/apps/texts';
import { APPS_TEXTS_AR } from './domains/apps/texts.ar';
import { ACCOUNT_TEXTS } from './domains/account/texts';
import { ACCOUNT_TEXTS_AR } from './domains/account/texts.ar';
import { IDENTITY_TEXTS } from './domains/identity/texts';
import { IDENTITY_TEXTS_AR } from './domains/identity/texts.ar';
import { PAYMENT_TEXTS } from './domains/payment/texts';
import { PAYMENT_TEXTS_AR } from './domains/payment/texts.ar';
import { DELIVERY_TEXTS } from './domains/delivery/texts';
import { DELIVERY_TEXTS_AR } from './domains/delivery/texts.ar';
import { RETAIL_TEXTS } from './domains/retail/texts';
import { RETAIL_TEXTS_AR } from './domains/retail/texts.ar';
import { MEASUREMENT_TEXTS } from './domains/measurement/texts';
import { MEASUREMENT_TEXTS_AR } from './domains/measurement/texts.ar';

export type { ArabicTexts } from './domains/arabic-texts';

type Texts = Readonly<Record<string, string>>;

/** Each owner's texts in both languages: the kernel's (with the shell's), the error catalogue's and each domain's. */
export const TEXTS_BY_OWNER: Readonly<Record<string, { readonly en: Texts; readonly ar: Texts }>> = {
  kernel: { en: EN, ar: AR },
  errors: { en: errorTranslations(), ar: ERROR_TEXTS_AR },
  numbers: { en: NUMBER_TEXTS, ar: NUMBER_TEXTS_AR },
  plans: { en: PLAN_TEXTS, ar: PLAN_TEXTS_AR },
  help: { en: HELP_TEXTS, ar: HELP_TEXTS_AR },
  consent: { en: CONSENT_TEXTS, ar: CONSENT_TEXTS_AR },
  apps: { en: APPS_TEXTS, ar: APPS_TEXTS_AR },
  account: { en: ACCOUNT_TEXTS, ar: ACCOUNT_TEXTS_AR },
  identity: { en: IDENTITY_TEXTS, ar: IDENTITY_TEXTS_AR },
  payment: { en: PAYMENT_TEXTS, ar: PAYMENT_TEXTS_AR },
  delivery: { en: DELIVERY_TEXTS, ar: DELIVERY_TEXTS_AR },
  retail: { en: RETAIL_TEXTS, ar: RETAIL_TEXTS_AR },
  measurement: { en: MEASUREMENT_TEXTS, ar: MEASUREMENT_TEXTS_AR },
};

/** The Arabic dictionary whole: each part is typed against its own English, the whole against all of it. */
export const AR_TRANSLATIONS: TranslatedDictionary = {
  ...AR,
  ...ERROR_TEXTS_AR,
  ...NUMBER_TEXTS_AR,
  ...PLAN_TEXTS_AR,
  ...HELP_TEXTS_AR,
  ...CONSENT_TEXTS_AR,
  ...APPS_TEXTS_AR,
  ...ACCOUNT_TEXTS_AR,
  ...IDENTITY_TEXTS_AR,
  ...PAYMENT_TEXTS_AR,
  ...DELIVERY_TEXTS_AR,
  ...RETAIL_TEXTS_AR,
  ...MEASUREMENT_TEXTS_AR,
};
