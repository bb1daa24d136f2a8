import { randomInt } from 'node:crypto';
import type { Offer, PromoPriceResponse, Promotion, ReferralResponse, RewardValidateResponse } from '@join/shared/contract';
import type { Caller } from '../../platform/caller';
import { isRefusal } from '../../platform/domain-error';
import type { OrderLock } from '../../platform/order-lock';
import { flowOrder } from '../../platform/refusals';
import { businessConfig } from './catalogue-view';
import { currentProduct } from './current-product';
import type { CatalogueDeps } from './deps';
import { promoCancelError, promoInvalid, promoNotSupported } from './errors';
import { checkPromoCodeAllowed, choiceOfSaved, evaluateChoice } from './plan-choice-service';
import { toAed, toFils } from './pricing';
import type { NameLanguage, SavedPlanRecord } from './repository';

import { REFERRAL_PROMOTION_KEY } from './promotions';

export { REFERRAL_PROMOTION_KEY };

/** Referral codes: 8 of these (no 0/O, 1/I/L), within every promo-code length the config allows by default (4 to 12). */
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const REFERRAL_LENGTH = 8;

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_LENGTH; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/**
 * The referral code drawn is another account's: the repository passes on its database's unique
 * violation (CatalogueRepository.addReferralCode), SQLite's code or PostgreSQL's SQLSTATE 23505.
 */
export const isUniqueViolation = (e: unknown): boolean => {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

/**
 * The promotions calls of SPEC 7 (redeem, cancel, validate_reward), the visitor's referral code and
 * the offers of GET /cms/offers. A code is redeemed on the visitor's own saved plan, priced by the
 * plan step's one computation (evaluateChoice), so what the payment charges (repriced by that same
 * computation) is the redeemed price. No HTTP here: the routes parse and answer.
 */
export function promotionService(ctx: CatalogueDeps, lock: OrderLock) {
  /** The caller's saved plan for the product they are buying; a plan saved for a product since left is none. */
  async function savedPlanOf(uid: string): Promise<SavedPlanRecord | null> {
    const saved = await ctx.repos.getSavedPlan(uid);
    if (!saved) return null;
    const product = await currentProduct(ctx, uid);
    return saved.productCode === product.ProductCode ? saved : null;
  }

  /**
   * Prices the saved plan with `code` (null: none) and keeps the result on the same row. A refusal of
   * the code is answered as such; any other (the plan can no longer be bought as saved) is a 409.
   */
  async function reprice(caller: Caller, saved: SavedPlanRecord, code: string | null, language: NameLanguage): Promise<PromoPriceResponse> {
    const { promo_code: _old, ...choice } = choiceOfSaved(saved);
    let evaluated;
    try {
      evaluated = await evaluateChoice(ctx, caller.uid, code === null ? choice : { ...choice, promo_code: code }, 'body', { requireConsent: false, language });
    } catch (e) {
      if (isRefusal(e) && e.field === 'body.promo_code') throw e;
      if (isRefusal(e)) throw flowOrder(`Your saved plan can no longer be bought as saved (${e.message}): choose your plan again`);
      throw e;
    }
    const { price, promotions } = evaluated.priced;
    const kept = await ctx.repos.setSavedPlanPromo(caller.uid, saved.id, { promoCode: code, price, appliedPromotions: promotions });
    if (!kept) throw flowOrder('Your plan changed meanwhile: look at it again');
    return { promo_code: code, package_price: price, amount_fils: toFils(price.NetPrice + price.VATAmount), promotions };
  }

  async function referralPromotion(): Promise<Promotion> {
    const rule = await ctx.repos.findPromotion(REFERRAL_PROMOTION_KEY);
    if (!rule || (rule.validUntil !== null && rule.validUntil <= ctx.now())) throw promoInvalid('body.reward_code', 'The referral programme has ended');
    return rule.promotion;
  }

  return {
    /**
     * POST /promotions/redeem: the code on the caller's saved plan. Promo codes off, a length
     * outside the config's, an unknown, ended or unfitting code: the plan step's refusals; no saved
     * plan: 409 flow_order; a payment open: 409 payment_open (paid: the step guard's 409).
     */
    async redeem(caller: Caller, code: string, language: NameLanguage): Promise<PromoPriceResponse> {
      checkPromoCodeAllowed(await businessConfig(ctx), [code], 'body.promo_code');
      const saved = await savedPlanOf(caller.uid);
      if (!saved) throw flowOrder('Choose and save your plan first');
      await lock.refuseWhilePaying(caller);
      return reprice(caller, saved, code, language);
    },

    /** DELETE /promotions/cancel: the saved plan without its code; no code on it is SPEC 8's promo cancel error. */
    async cancel(caller: Caller, language: NameLanguage): Promise<PromoPriceResponse> {
      const saved = await savedPlanOf(caller.uid);
      if (!saved?.promoCode) throw promoCancelError('Your plan has no promo code to remove');
      await lock.refuseWhilePaying(caller);
      return reprice(caller, saved, null, language);
    },

    /**
     * POST /promotions/validate_reward: whether a referral code a friend shared is live, with the
     * reward it carries; nothing is applied. Unknown: promo_invalid; one's own: promo_not_supported.
     */
    async validateReward(caller: Caller, code: string): Promise<RewardValidateResponse> {
      const owner = await ctx.repos.referralCodeOwner(code);
      if (owner === null) throw promoInvalid('body.reward_code', 'This invitation code is not valid');
      if (caller.accountId !== null && owner === caller.accountId) throw promoNotSupported('body.reward_code', 'This is your own invitation code');
      if (caller.accountId !== null && (await ctx.repos.referralUsedBy(caller.accountId))) {
        throw promoNotSupported('body.reward_code', 'You have already joined with an invitation code');
      }
      return { reward_code: code, valid: true, promotion: await referralPromotion() };
    },

    /** GET /promotions/referral: the caller's account's referral code, made on the first ask, and what it earned so far. */
    async referral(caller: Caller): Promise<ReferralResponse> {
      if (caller.accountId === null) throw flowOrder('Log in first');
      const promotion = await referralPromotion();
      let code = await ctx.repos.referralCodeOf(caller.accountId);
      for (let attempt = 0; code === null; attempt++) {
        try {
          code = await ctx.repos.addReferralCode(caller.accountId, newReferralCode(), ctx.now());
        } catch (e) {
          // Another account drew the same code: draw again (a handful of tries is plenty at 31^8).
          if (!isUniqueViolation(e) || attempt >= 4) throw e;
        }
      }
      const earned = await ctx.repos.referralEarnedFils(caller.accountId);
      return { referral_code: code, promotion, earned_aed: toAed(earned), max_reward_aed: promotion.MaxValue ?? promotion.Value };
    },
  };
}

/**
 * GET /cms/offers: the active offers in `language`, each with the figures of the promotion it
 * advertises (an offer whose promotion is gone or ended is left out).
 */
export async function offersAnswer(ctx: CatalogueDeps, language: NameLanguage): Promise<Offer[]> {
  const offers: Offer[] = [];
  for (const o of await ctx.repos.listOffers(language)) {
    const rule = await ctx.repos.findPromotion(o.promotionKey);
    if (!rule || (rule.validUntil !== null && rule.validUntil <= ctx.now())) continue;
    const p = rule.promotion;
    const referral = p.Category === 'MGM';
    offers.push({
      key: o.key,
      kind: o.kind,
      promotion_key: p.Key,
      title: o.title,
      text: o.text,
      min_plan_net_price: rule.minPlanNetPrice,
      months: p.DurationMonths,
      reward_aed: referral ? p.Value : null,
      max_reward_aed: referral ? (p.MaxValue ?? p.Value) : null,
    });
  }
  return offers;
}
