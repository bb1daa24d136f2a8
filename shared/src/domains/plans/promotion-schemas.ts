import { z } from 'zod';
import { PackagePrice, Promotion } from '@join/shared';
import { PromoCodeText } from './schemas';

/**
 * The promotions calls of SPEC 7 ("Transfer, accounts, promotions") and the offers of
 * GET /cms/offers. SPEC shows only redeem's payload (promo_code, optional ID_Number); the rest
 * is ours and is documented in api/README.md ("Promotions: redeem, cancel, rewards, offers").
 */

/**
 * An Emirates ID as typed (15 digits, 784 first, with or without the 3-4-7-1 dashes). SPEC 7 lets
 * redeem carry it; no promotion of ours is limited per person, so the server checks its form and
 * keeps nothing of it (api/README.md).
 */
const IdNumber = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^784\d{12}$/, 'must be an Emirates ID of 15 digits'));

/** POST /promotions/redeem: a promo code for the visitor's saved plan (the server prices it). */
export const PromoRedeemBody = z.object({ promo_code: PromoCodeText, ID_Number: IdNumber.optional() }).strict();
export type PromoRedeemInput = z.input<typeof PromoRedeemBody>;

/** DELETE /promotions/cancel: nothing to send (a saved plan carries at most one code). */
export const PromoCancelBody = z.object({}).strict();

/**
 * What redeem and cancel answer: the saved plan's new price as the server computed it (its
 * Discounts name the code's promotion), what a payment now takes (NetPrice + VAT, in fils), the
 * applied promotions and the code now on the plan (null after a cancel).
 */
export const PromoPriceResponse = z.object({
  promo_code: z.string().nullable(),
  package_price: PackagePrice,
  amount_fils: z.number().int().nonnegative(),
  promotions: z.array(Promotion),
});
export type PromoPriceResponse = z.infer<typeof PromoPriceResponse>;

/** POST /promotions/validate_reward: a referral (MGM) code a friend shared. */
export const RewardValidateBody = z.object({ reward_code: PromoCodeText }).strict();
export type RewardValidateInput = z.input<typeof RewardValidateBody>;

/** The referral's reward, answered without applying anything: AED per friend, up to a cap. */
export const RewardValidateResponse = z.object({
  reward_code: z.string(),
  valid: z.literal(true),
  promotion: Promotion,
});
export type RewardValidateResponse = z.infer<typeof RewardValidateResponse>;

/**
 * GET /promotions/referral (our addition): the visitor's own referral code (made and kept by the
 * server), its reward, what the account has earned so far from friends' paid orders and the most
 * it can earn (the promotion's MaxValue), in AED.
 */
export const ReferralResponse = z.object({
  referral_code: z.string(),
  promotion: Promotion,
  earned_aed: z.number().nonnegative(),
  max_reward_aed: z.number().nonnegative(),
});
export type ReferralResponse = z.infer<typeof ReferralResponse>;

/** The kinds of marketing offer the operator configures (SPEC 1): the streaming offer and the referral. */
export const OfferKind = z.enum(['streaming', 'referral']);
export type OfferKind = z.infer<typeof OfferKind>;

/**
 * One offer of GET /cms/offers in the request's language: the operator's title and text, and the
 * figures of the promotion it advertises (read from the promotion, so the text and the rule agree).
 */
export const Offer = z.object({
  key: z.string(),
  kind: OfferKind,
  /** The promotion it advertises (the streaming offer's opt-in, the referral's MGM). */
  promotion_key: z.string(),
  title: z.string(),
  text: z.string(),
  /** The plan price (AED, excluding VAT, before discounts) a plan needs for it; null for none. */
  min_plan_net_price: z.number().nonnegative().nullable(),
  /** How many months it lasts; null for once. */
  months: z.number().int().positive().nullable(),
  /** AED per friend and the cap (the referral); null otherwise. */
  reward_aed: z.number().nonnegative().nullable(),
  max_reward_aed: z.number().nonnegative().nullable(),
});
export type Offer = z.infer<typeof Offer>;

export const OffersResponse = z.object({ offers: z.array(Offer) });
export type OffersResponse = z.infer<typeof OffersResponse>;
