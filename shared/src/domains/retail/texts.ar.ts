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
} as const;
