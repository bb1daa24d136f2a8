import { EN_TRANSLATIONS } from '@join/shared/contract';
import { AR_TRANSLATIONS } from '@join/shared/texts-ar';

/** The one container the web flow reads (GET /translations?container_id=web). */
export const WEB_CONTAINER_ID = 'web';

/**
 * Both languages from the contracts, where each domain keeps its texts beside its schemas:
 * English is the client's bundled dictionary itself, Arabic the contracts' Node-only entry.
 */
export const SEED_TRANSLATIONS: Readonly<Record<'en' | 'ar', Readonly<Record<string, string>>>> = {
  en: EN_TRANSLATIONS,
  ar: AR_TRANSLATIONS,
};
