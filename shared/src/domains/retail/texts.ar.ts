import type { ArabicTexts } from '../arabic-texts';
import type { RETAIL_TEXTS } from './texts';

/**
 * The retail mode's texts in Arabic: every key of texts.ts. The API serves them
 * (GET /translations); no browser entry imports this file (only `@join/shared/texts-ar` does).
 */
export const RETAIL_TEXTS_AR: ArabicTexts<typeof RETAIL_TEXTS> = {
  // ---- Retail screens: enrolment, staff sign-in, the retail start screen, the manager page ----
  'retail.start.title': 'ابدأ مع عميل جديد',

  // ---- The retail shell in the flow: header, "Start over?", idle pop-up, wipe ----
  'retail.header.home': 'البدء من جديد',
  'retail.startOver.title': 'هل تريد البدء من جديد؟',
  'retail.startOver.text': 'تُمحى كل البيانات المدخلة لهذا العميل من هذا الجهاز، ويعود إلى شاشة البداية.',
  'retail.startOver.confirm': 'البدء من جديد',
  'retail.startOver.cancel': 'المتابعة',
  'retail.idle.title': 'هل ما زلت هنا؟',
  'retail.idle.text': 'حفاظًا على خصوصية العميل، تنتهي هذه الجلسة قريبًا وتُمحى كل البيانات المدخلة من هذا الجهاز: الباقة والرقم والحساب وصور التحقق من الهوية والدفع.',
  'retail.idle.remaining': 'الوقت المتبقي: {{time}}',
  'retail.idle.announce': 'تنتهي الجلسة خلال {{time}} ما لم تختر «ما زلت هنا».',
  'retail.idle.continue': 'ما زلت هنا',
  'retail.idle.end': 'إنهاء الجلسة',
} as const;
