import { PREFERENCE_IDS, type ProductCategory, type Promotion } from '@join/shared/contract';

/**
 * Who may have a promotion. The contract's Promotion is what a visitor sees; the rule adds
 * what decides it: an end date, a minimum plan price (before any discount, excluding VAT)
 * and tourist plans only.
 */
export interface PromotionRule {
  promotion: Promotion;
  /** ms since the epoch; the promotion ends at this instant. null: no end. */
  validUntil: number | null;
  minPlanNetPrice: number | null;
  touristOnly: boolean;
}

/** The referral (MGM) promotion every referral code earns (seed/promotions.ts). */
export const REFERRAL_PROMOTION_KEY = 'refer_a_friend';

/** The SPEC 8 message types a refused promotion or promo code is answered with. */
export type PromotionRefusal = 'promo_invalid' | 'promo_not_supported';

/** What a promotion is judged against: the product and the plan price of the visitor's choice. */
export interface PromotionTarget {
  category: ProductCategory;
  tourist: boolean;
  planNetPrice: number;
}

/** An ended promotion is invalid; one that does not fit the product or its price is not supported. */
export function promotionRefusal(rule: PromotionRule, target: PromotionTarget, now: number): PromotionRefusal | null {
  if (rule.validUntil !== null && rule.validUntil <= now) return 'promo_invalid';
  if (rule.touristOnly && !target.tourist) return 'promo_not_supported';
  if (rule.minPlanNetPrice !== null && target.planNetPrice < rule.minPlanNetPrice) return 'promo_not_supported';
  return null;
}

/**
 * Promo codes and opt-in offers are open to every product except VIP plans, which are sold
 * at their tier's price with nothing taken off (automatic promotions are linked product by
 * product instead, so they need no such rule).
 */
export function openPromotionRefusal(rule: PromotionRule, target: PromotionTarget, now: number): PromotionRefusal | null {
  const refusal = promotionRefusal(rule, target, now);
  if (refusal === 'promo_invalid') return refusal;
  return target.category === 'VIP' ? 'promo_not_supported' : refusal;
}

/** The automatic promotions a choice gets: those linked to the product that fit it. */
export function applicablePromotions(rules: readonly PromotionRule[], target: PromotionTarget, now: number): Promotion[] {
  return rules.filter((r) => promotionRefusal(r, target, now) === null).map((r) => r.promotion);
}

/**
 * The consent an opt-in promotion needs: the streaming offer is the music-service
 * preference (SPEC 3, id 4). Opt-in promotions without RequiresConsent need none.
 */
export const CONSENT_PREFERENCE_ID: number = PREFERENCE_IDS.musicService;
