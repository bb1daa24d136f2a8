import { CONSENT_CODE } from '@join/shared/contract';
import type { NewConsentVersion } from '../repository';

/**
 * SPEC 7's `legalstuff`, version 1, in both languages: one plain line per purpose, in the order
 * of CONSENT_PURPOSES. A change of meaning is a new version (publishConsentVersion), never an edit:
 * the visitors who answered version 1 are then asked again.
 */
export const SEED_CONSENT_VERSION: Omit<NewConsentVersion, 'publishedAt'> = {
  code: CONSENT_CODE,
  version: 1,
  texts: {
    en: {
      title: 'How we use your data',
      summary: 'We use only what your purchase needs. Anything more is your choice, and you can change it at any time from the page footer.',
      purposes: [
        { id: 'necessary', required: true, title: 'Necessary', description: 'What the sale needs: your session, the plan and number you choose, and fraud checks.' },
        {
          id: 'analytics',
          required: false,
          title: 'Analytics',
          description: 'Counting visits to each step and how fast pages load; never your number, e-mail, document, name or card.',
        },
        { id: 'marketing', required: false, title: 'Marketing', description: 'Offers that suit you, such as streaming or referral offers, and measuring our campaigns.' },
      ],
    },
    ar: {
      title: 'كيف نستخدم بياناتك',
      summary: 'لا نستخدم إلا ما تحتاجه عملية الشراء. وأي شيء آخر يعود إلى اختيارك، ويمكنك تغييره في أي وقت من أسفل الصفحة.',
      purposes: [
        { id: 'necessary', required: true, title: 'ضروري', description: 'ما تحتاجه عملية البيع: جلستك، والباقة والرقم اللذان تختارهما، وفحوصات مكافحة الاحتيال.' },
        {
          id: 'analytics',
          required: false,
          title: 'التحليلات',
          description: 'إحصاء زيارات كل خطوة وقياس سرعة تحميل الصفحات، دون رقمك أو بريدك الإلكتروني أو وثيقتك أو اسمك أو بطاقتك أبدًا.',
        },
        { id: 'marketing', required: false, title: 'التسويق', description: 'عروض تناسبك، مثل عروض خدمات البث أو دعوة الأصدقاء، وقياس نتائج حملاتنا.' },
      ],
    },
  },
};
