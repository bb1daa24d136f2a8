import { TRANSLATIONS_AR } from './translations-ar';
import { TRANSLATIONS_EN } from './translations-en';

/** The one container the web flow reads (GET /translations?container_id=web). */
export const WEB_CONTAINER_ID = 'web';

export const SEED_TRANSLATIONS: Readonly<Record<'en' | 'ar', Readonly<Record<string, string>>>> = {
  en: TRANSLATIONS_EN,
  ar: TRANSLATIONS_AR,
};
