import type { Booster, BusinessConfig, Promotion, SubPlan } from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import { isBoosterEligible } from './boosters';
import type { CatalogueProduct } from './catalogue';
import { shownVanityLevel } from '../numbers';
import { checkChoice, planBaseOf } from './plan-choice';
import { planNetPriceOf, priceChoice, toFils, type PricedChoice } from './pricing';
import {
  applicablePromotions,
  CONSENT_PREFERENCE_ID,
  openPromotionRefusal,
  REFERRAL_PROMOTION_KEY,
  type PromotionRefusal,
  type PromotionRule,
  type PromotionTarget,
} from './promotions';
import type { HoldRecord } from '../numbers';
import type { NameLanguage, SavedPlanRecord } from './repository';
import { badRequest, flowOrder, notFound } from '../../platform/refusals';
import { consentRequired, promoInvalid, promoNotSupported } from './errors';
import { type DomainError } from '../../platform/domain-error';
import { businessConfig, requireCatalogueProduct } from './catalogue-view';
import { checkVipPairing } from './vip-pairing';

/**
 * A plan choice (SavePlanBody, PlanQuoteQuery) checked and priced the one way both the quote
 * and the save use, so a quote is always what the save will charge. Every amount comes from
 * the database; the choice only names ids, keys and a code.
 */
export interface ChoiceInput {
  plan_ids: number[];
  product_code: number;
  /** In fils (SavePlanBody parses AED with at most two decimal places into fils). */
  recharge_amount?: number | undefined;
  booster_ids?: number[] | undefined;
  promotion_keys?: string[] | undefined;
  promo_code?: string | undefined;
}

/** The saved plan's choice, as the save received it (the top-up is kept in the price's extra charges). */
export function choiceOfSaved(saved: SavedPlanRecord): ChoiceInput {
  const recharge = saved.price.ExtraCharges.find((c) => c.Name === 'RechargeAmount');
  return {
    plan_ids: saved.planIds,
    product_code: saved.productCode,
    booster_ids: saved.boosterIds,
    promotion_keys: saved.promotionKeys,
    ...(saved.promoCode ? { promo_code: saved.promoCode } : {}),
    ...(recharge ? { recharge_amount: toFils(recharge.Amount) } : {}),
  };
}

export interface EvaluatedChoice {
  product: CatalogueProduct;
  chosen: SubPlan[];
  hold: HoldRecord | null;
  boosters: Booster[];
  promotionKeys: string[];
  promoCode: string | null;
  priced: PricedChoice;
}

type Part = 'body' | 'query';

function firstDuplicate<T>(items: readonly T[]): T | undefined {
  return items.find((item, i) => items.indexOf(item) !== i);
}

/** The live hold's number as the visitor knows it: the pool number, or a transfer's external number. */
export function holdsNumber(hold: HoldRecord | null, number: string): boolean {
  return !!hold && (hold.msisdn === number || hold.transfer?.externalMsisdn === number);
}

function chooseBoosters(ids: readonly number[], all: readonly Booster[], chosen: readonly SubPlan[], hold: HoldRecord | null, field: string): Booster[] {
  if (ids.length === 0) return [];
  // A booster is added to a number's allowance, so it is bought for a held number.
  if (!hold) throw flowOrder('Boosters are added to your number: choose a number first');
  const twice = firstDuplicate(ids);
  if (twice !== undefined) throw badRequest(field, `booster ${twice} is listed twice`);
  const question = { plans: chosen, holdVanityLevel: shownVanityLevel(hold) };
  return ids.map((id) => {
    const booster = all.find((b) => b.ID === id);
    if (!booster || !isBoosterEligible(booster, question)) throw badRequest(field, `booster ${id} is not available for this number and plan`);
    return booster;
  });
}

function refusalError(refusal: PromotionRefusal, field: string, messages: Record<PromotionRefusal, string>): DomainError {
  return refusal === 'promo_invalid' ? promoInvalid(field, messages.promo_invalid) : promoNotSupported(field, messages.promo_not_supported);
}

async function chooseOptIns(
  ctx: CatalogueDeps,
  uid: string,
  keys: readonly string[],
  target: PromotionTarget,
  field: string,
  requireConsent: boolean,
): Promise<PromotionRule[]> {
  if (keys.length === 0) return [];
  const twice = firstDuplicate(keys);
  if (twice !== undefined) throw badRequest(field, `${twice} is listed twice`);
  const offers = await ctx.repos.listOptInPromotions();
  const rules = keys.map((key) => {
    const rule = offers.find((r) => r.promotion.Key === key);
    if (!rule) throw badRequest(field, `${key} is not an offer you can opt in to (${offers.map((r) => r.promotion.Key).join(', ')})`);
    const refusal = openPromotionRefusal(rule, target, ctx.now());
    if (refusal) {
      throw refusalError(refusal, field, {
        promo_invalid: 'This offer has ended',
        promo_not_supported:
          target.category === 'VIP'
            ? 'This offer is not available with VIP plans'
            : `This offer needs a plan of at least AED ${rule.minPlanNetPrice ?? 0} excluding VAT`,
      });
    }
    return rule;
  });
  if (requireConsent && rules.some((r) => r.promotion.RequiresConsent)) {
    const consent = (await ctx.repos.getPreferences(uid)).find((p) => p.preferenceId === CONSENT_PREFERENCE_ID);
    if (!consent?.value) throw consentRequired(field, 'This offer needs your consent to the music service first');
  }
  return rules;
}

/** Promo codes are a configured feature with configured lengths (SPEC 3, SPEC 9). */
export function checkPromoCodeAllowed(config: BusinessConfig, codes: readonly string[], field: string): void {
  if (!config.promo_codes_enabled) throw promoNotSupported(field, 'Promo codes are not available');
  const { min_promo_code_length: min, max_promo_code_length: max } = config;
  const bad = codes.find((c) => c.length < min || c.length > max);
  if (bad !== undefined) throw badRequest(field, `a promo code has ${min} to ${max} characters`);
}

/** A promo code's promotion for this choice, or the SPEC 8 reason it does not apply. */
export async function judgePromoCode(
  ctx: CatalogueDeps,
  code: string,
  target: PromotionTarget,
): Promise<{ ok: true; rule: PromotionRule } | { ok: false; refusal: PromotionRefusal }> {
  const rule = await ctx.repos.findPromoCode(code);
  if (!rule) return { ok: false, refusal: 'promo_invalid' };
  const refusal = openPromotionRefusal(rule, target, ctx.now());
  return refusal ? { ok: false, refusal } : { ok: true, rule };
}

/**
 * A friend's referral code typed where a promo code goes: the live MGM promotion (its Value is
 * taken off the plan, see pricing.ts), for a logged-in account other than the code's, which has not
 * had a paid order credited to a referrer before (one referral per friend account). null: the code
 * is no referral code.
 */
async function chooseReferral(ctx: CatalogueDeps, uid: string, code: string, target: PromotionTarget, field: string): Promise<PromotionRule | null> {
  const owner = await ctx.repos.referralCodeOwner(code);
  if (owner === null) return null;
  const rule = await ctx.repos.findPromotion(REFERRAL_PROMOTION_KEY);
  if (!rule || rule.promotion.Category !== 'MGM') throw promoInvalid(field, 'The referral programme has ended');
  const refusal = openPromotionRefusal(rule, target, ctx.now());
  if (refusal) {
    throw refusalError(refusal, field, {
      promo_invalid: 'The referral programme has ended',
      promo_not_supported: 'This invitation code does not apply to this plan',
    });
  }
  const account = await ctx.repos.accountOfUser(uid);
  if (account === null) throw promoNotSupported(field, 'Log in to use an invitation code');
  if (account === owner) throw promoNotSupported(field, 'This is your own invitation code');
  if (await ctx.repos.referralUsedBy(account)) throw promoNotSupported(field, 'You have already joined with an invitation code');
  return rule;
}

async function choosePromoCode(ctx: CatalogueDeps, uid: string, config: BusinessConfig, code: string | undefined, target: PromotionTarget, field: string) {
  if (code === undefined) return null;
  checkPromoCodeAllowed(config, [code], field);
  const referral = (await ctx.repos.findPromoCode(code)) ? null : await chooseReferral(ctx, uid, code, target, field);
  if (referral) return referral;
  const verdict = await judgePromoCode(ctx, code, target);
  if (!verdict.ok) {
    throw refusalError(verdict.refusal, field, {
      promo_invalid: 'This promo code is not valid or has expired',
      promo_not_supported: 'This promo code does not apply to this plan',
    });
  }
  return verdict.rule;
}

/**
 * Checks a choice as a save would and prices it. The order is the order a visitor fixes
 * things in: product, plans, number pairing, boosters, opt-in offers, promo code. A quote
 * skips only the consent check (the visitor may tick it after seeing the price).
 */
export async function evaluateChoice(
  ctx: CatalogueDeps,
  uid: string,
  input: ChoiceInput,
  part: Part,
  options: { requireConsent: boolean; language?: NameLanguage },
): Promise<EvaluatedChoice> {
  const product = await requireCatalogueProduct(ctx, input.product_code, options.language);
  const check = checkChoice(product, input.plan_ids);
  if (!check.ok) throw badRequest(`${part}.plan_ids`, check.why);
  const base = planBaseOf(product, check.chosen);
  if (!base) throw notFound(`Product ${product.code} has no price`);
  const now = ctx.now();
  const hold = await ctx.repos.getActiveHold(uid, now);
  checkVipPairing(product, hold);

  const target: PromotionTarget = { category: product.category, tourist: product.tourist, planNetPrice: planNetPriceOf(base) };
  const boosters = chooseBoosters(input.booster_ids ?? [], await ctx.repos.listBoosters(options.language), check.chosen, hold, `${part}.booster_ids`);
  const promotionKeys = input.promotion_keys ?? [];
  const optIns = await chooseOptIns(ctx, uid, promotionKeys, target, `${part}.promotion_keys`, options.requireConsent);
  const config = await businessConfig(ctx);
  const code = await choosePromoCode(ctx, uid, config, input.promo_code, target, `${part}.promo_code`);

  const priced = priceChoice({
    base,
    automatic: applicablePromotions(product.promotions, target, now),
    optIn: optIns.map((r): Promotion => r.promotion),
    promoCode: code?.promotion ?? null,
    boosters,
    rechargeFils: input.recharge_amount,
    vatPercentage: config.vat_percentage,
  });
  return { product, chosen: check.chosen, hold, boosters, promotionKeys, promoCode: input.promo_code ?? null, priced };
}
