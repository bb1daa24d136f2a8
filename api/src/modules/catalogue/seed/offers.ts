import { MARKETING, STREAMING_PROMOTION_KEY } from '@join/shared/contract';

/**
 * The marketing offers of SPEC 1 as the operator configures them (GET /cms/offers): the streaming
 * offer (shown on the plans that qualify) and the referral (shown on thank-you), each advertising
 * a seeded promotion, with a title and a text in English and Arabic. The figures in the texts are
 * SPEC 1's, which the promotions carry too (a seed test checks they agree).
 */
export interface SeedOffer {
  key: string;
  kind: 'streaming' | 'referral';
  promotionKey: string;
  position: number;
  texts: Record<'en' | 'ar', { title: string; text: string }>;
}

const months = MARKETING.streamingOfferMonths;
const min = MARKETING.streamingOfferMinPlanAed;
const upTo = MARKETING.referralUpToAed;
/** AED per friend (the refer_a_friend promotion's Value). */
export const REFERRAL_REWARD_AED = 50;

export const SEED_OFFERS: readonly SeedOffer[] = [
  {
    key: 'streaming_offer',
    kind: 'streaming',
    promotionKey: STREAMING_PROMOTION_KEY,
    position: 1,
    texts: {
      en: {
        title: 'Music streaming on us',
        text: `${months} months of music streaming free with a plan of AED ${min} or more (excluding VAT).`,
      },
      ar: {
        title: 'بث الموسيقى علينا',
        text: `${months} أشهر من بث الموسيقى مجانًا مع باقة بقيمة ${min} درهم أو أكثر (غير شاملة ضريبة القيمة المضافة).`,
      },
    },
  },
  {
    key: 'refer_a_friend',
    kind: 'referral',
    promotionKey: 'refer_a_friend',
    position: 2,
    texts: {
      en: {
        title: 'Invite a friend',
        text: `Share your code: you get AED ${REFERRAL_REWARD_AED} for each friend who joins with it, up to AED ${upTo}.`,
      },
      ar: {
        title: 'ادعُ صديقًا',
        text: `شارك رمزك: تحصل على ${REFERRAL_REWARD_AED} درهمًا عن كل صديق ينضم به، حتى ${upTo} درهم.`,
      },
    },
  },
];
