import { apiClient, type ApiClient } from '@join/shared';
import { OffersResponse, PromoPriceResponse, ReferralResponse, RewardValidateResponse } from './promotion-schemas';

/**
 * The promotions calls (SPEC 7) and the offers (GET /cms/offers), over the page's one client. They
 * are their own entry (`@join/shared/promotions`), not part of `@join/shared/plans`: the payment
 * step and thank-you use them, and the plan step only in its lazily loaded review, so the plan
 * step's first download does not carry them.
 */
export const promotionEndpoints = (c: ApiClient = apiClient) => ({
  /** Redeems a promo code on the visitor's saved plan: the server's new price. */
  redeemPromo: (promoCode: string) => c.request('POST', '/promotions/redeem', { schema: PromoPriceResponse, body: { promo_code: promoCode } }),
  /** Removes the saved plan's promo code: the price without it. */
  cancelPromo: () => c.request('DELETE', '/promotions/cancel', { schema: PromoPriceResponse }),
  /** Whether a referral code a friend shared is live, and its reward (nothing applied). */
  validateReward: (rewardCode: string) =>
    c.request('POST', '/promotions/validate_reward', { schema: RewardValidateResponse, body: { reward_code: rewardCode } }),
  /** The visitor's own referral code (thank-you; our addition). */
  getReferral: () => c.request('GET', '/promotions/referral', { schema: ReferralResponse }),
  /** The operator's marketing offers, in the page's language. */
  getOffers: () => c.request('GET', '/cms/offers', { schema: OffersResponse }),
});
export type PromotionEndpoints = ReturnType<typeof promotionEndpoints>;
/** The promotions calls over the page's client (what the pages use; tests spy on it). */
export const promotionApi: PromotionEndpoints = promotionEndpoints();
