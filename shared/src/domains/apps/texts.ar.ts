import type { ArabicTexts } from '../arabic-texts';
import type { APPS_TEXTS } from './texts';

/**
 * The app banner's texts in Arabic: every key of texts.ts, with the six plural forms. The API
 * serves them (GET /translations); no browser entry imports this file.
 */
export const APPS_TEXTS_AR: ArabicTexts<typeof APPS_TEXTS> = {
  'apps.label': 'تطبيقنا',
  'apps.title': 'شريحة السائح في جيبك',
  'apps.text': 'اشحن رصيدك وتحقق منه وأدر شريحتك من التطبيق.',
  'apps.rating.zero': '{{rating}} من 5، {{value}} تقييم',
  'apps.rating.one': '{{rating}} من 5، تقييم واحد',
  'apps.rating.two': '{{rating}} من 5، تقييمان',
  'apps.rating.few': '{{rating}} من 5، {{value}} تقييمات',
  'apps.rating.many': '{{rating}} من 5، {{value}} تقييمًا',
  'apps.rating.other': '{{rating}} من 5، {{value}} تقييم',
  'apps.get': 'حمّله من {{store}}',
  'apps.dismiss': 'إغلاق شريط التطبيق',
};
