import { EN_TRANSLATIONS } from '@join/shared/contract';
import { TRANSLATIONS_AR } from './translations-ar';

/** The one container the web flow reads (GET /translations?container_id=web). */
export const WEB_CONTAINER_ID = 'web';

/** English is the client's bundled dictionary itself: one source, no copy to drift. */
export const SEED_TRANSLATIONS: Readonly<Record<'en' | 'ar', Readonly<Record<string, string>>>> = {
  en: EN_TRANSLATIONS,
  ar: TRANSLATIONS_AR,
};
