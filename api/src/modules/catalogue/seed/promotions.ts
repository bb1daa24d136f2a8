import { ANNUAL_OFFER_PRODUCT_CODE, MARKETING, STREAMING_PROMOTION_KEY, type Promotion } from '@join/shared/contract';
import { DEFAULT_PRODUCT_CODE, GIB } from '../catalogue';
import { REFERRAL_REWARD_AED } from './offers';

/**
 * Seeded promotions. Three kinds, told apart by how a visitor gets them:
 * - automatic: linked to products (product_promotions), applied to every choice of them;
 * - opt-in: the streaming offer, open to every non-VIP choice of at least AED 150 (excluding
 *   VAT), applied only when the visitor asks for it (promotion_keys) and has consented;
 * - promo codes (IsUserPromo): applied when the visitor types the code.
 * Ids are fixed so a restart rewrites the same rows.
 */
export interface SeedPromotion {
  promotion: Promotion;
  /** Automatic promotions: the products they come with. */
  productCodes?: readonly number[];
  /** Promo codes: the code a visitor types (upper case). */
  code?: string;
  validUntil?: number;
  minPlanNetPrice?: number;
  touristOnly?: boolean;
}

const promotion = (p: Partial<Promotion> & Pick<Promotion, 'ID' | 'Key' | 'Category' | 'Type' | 'Value'>): Promotion => ({
  Plan: null,
  IsUserPromo: false,
  DurationMonths: null,
  MaxValue: null,
  RequiresConsent: false,
  ...p,
});

/** SPRING5 ended before this catalogue shipped: it answers promo_invalid. */
export const SPRING5_ENDED_AT = Date.UTC(2025, 5, 1);

export const SEED_PROMOTIONS: readonly SeedPromotion[] = [
  {
    promotion: promotion({ ID: 1, Key: 'welcome_20', Category: 'AmountDiscount', Type: 'DISCOUNT', Value: 20 }),
    productCodes: [199],
  },
  {
    promotion: promotion({ ID: 2, Key: 'data_25_off', Category: 'PercentageDiscount', Type: 'DISCOUNT', Value: 25 }),
    productCodes: [206],
  },
  {
    promotion: promotion({ ID: 3, Key: 'explorer_bonus_data', Category: 'AddOn', Type: 'DATA', Plan: 'DATA', Value: 5 * GIB }),
    productCodes: [188],
  },
  {
    promotion: promotion({ ID: 4, Key: 'long_stay_cashback', Category: 'CashBack', Type: 'CASHBACK', Value: 30 }),
    productCodes: [208],
  },
  {
    promotion: promotion({
      ID: 5,
      Key: 'commitment_bonus_data',
      Category: 'RecurringData',
      Type: 'DATA',
      Plan: 'DATA',
      Value: GIB,
      DurationMonths: 12,
    }),
    productCodes: [112, ANNUAL_OFFER_PRODUCT_CODE],
  },
  {
    promotion: promotion({
      ID: 6,
      Key: 'refer_a_friend',
      Category: 'MGM',
      Type: 'REFERRAL',
      Value: REFERRAL_REWARD_AED,
      MaxValue: MARKETING.referralUpToAed,
    }),
    productCodes: [DEFAULT_PRODUCT_CODE, 101, 103, 106, 112],
  },
  {
    promotion: promotion({
      ID: 7,
      Key: STREAMING_PROMOTION_KEY,
      Category: 'AddOn',
      Type: 'STREAMING',
      Value: 0,
      DurationMonths: MARKETING.streamingOfferMonths,
      RequiresConsent: true,
    }),
    minPlanNetPrice: MARKETING.streamingOfferMinPlanAed,
  },
  {
    promotion: promotion({ ID: 11, Key: 'welcome10', Category: 'PercentageDiscount', Type: 'DISCOUNT', Value: 10, IsUserPromo: true }),
    code: 'WELCOME10',
  },
  {
    promotion: promotion({ ID: 12, Key: 'tourist25', Category: 'AmountDiscount', Type: 'DISCOUNT', Value: 25, IsUserPromo: true }),
    code: 'TOURIST25',
    touristOnly: true,
    minPlanNetPrice: 99,
  },
  {
    promotion: promotion({ ID: 13, Key: 'spring5', Category: 'AmountDiscount', Type: 'DISCOUNT', Value: 5, IsUserPromo: true }),
    code: 'SPRING5',
    validUntil: SPRING5_ENDED_AT,
  },
];
