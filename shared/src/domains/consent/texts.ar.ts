import type { ArabicTexts } from '../arabic-texts';
import type { CONSENT_TEXTS } from './texts';

/**
 * The consent choice's texts in Arabic: every key of texts.ts. The API serves them (GET
 * /translations); no browser entry imports this file (only the Node entry `@join/shared/texts-ar`).
 */
export const CONSENT_TEXTS_AR: ArabicTexts<typeof CONSENT_TEXTS> = {
  'consent.label': 'خيارات الخصوصية',
  'consent.short': 'فقط ما يحتاجه شراؤك، إلا إذا اخترت المزيد.',
  'consent.necessaryOnly': 'الضروري فقط',
  'consent.acceptAll': 'قبول الكل',
  'consent.choose': 'اختيار',
  'consent.save': 'حفظ اختياراتي',
  'consent.close': 'إغلاق',
  'consent.alwaysOn': 'مفعّل دائمًا',
  'consent.version': '{{title}}، الإصدار {{version}}',
  'consent.saved': 'تم حفظ اختياراتك. يمكنك تغييرها في أي وقت من أسفل الصفحة.',
  'consent.failed': 'تعذّر حفظ اختياراتك. لن يُقاس أي شيء حتى يتم حفظها؛ يُرجى المحاولة مرة أخرى.',
};
