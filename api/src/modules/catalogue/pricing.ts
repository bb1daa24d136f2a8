import { toFils } from '@join/shared/contract';
import type { Booster, Discount, ExtraCharge, PackagePrice, Promotion } from '@join/shared/contract';

/**
 * Prices are computed here from database values only: a client never sends a price the
 * server trusts. The arithmetic is in fils (integer minor units: sums and differences are
 * exact); amounts enter as AED from the catalogue (converted once, rounded to the fils) or as
 * fils from a request (parsed with at most two decimal places), and leave as AED with two
 * decimals because that is the contract's unit (SPEC 3).
 */
export { toFils };
export const toAed = (fils: number): number => fils / 100;

/** An AED amount rounded to the fils. */
export function roundMoney(amount: number): number {
  return toAed(toFils(amount));
}

/** The extra charge a top-up adds (the request's amount, in fils); nothing for no top-up or a zero top-up. */
export function rechargeCharges(rechargeFils: number | undefined): ExtraCharge[] {
  return rechargeFils && rechargeFils > 0 ? [{ Name: 'RechargeAmount', Amount: toAed(Math.round(rechargeFils)) }] : [];
}

/** One extra charge per booster bought with the plan, named as the booster. */
export function boosterCharges(boosters: readonly Pick<Booster, 'Name' | 'NetPrice'>[]): ExtraCharge[] {
  return boosters.map((b) => ({ Name: b.Name, Amount: roundMoney(b.NetPrice) }));
}

/** A commitment's price: the month-by-month (list) price less its saving; no saving, no change. */
export function commitmentPrice(listNetPrice: number, savingPercentage: number | null): number {
  return toAed(Math.round((toFils(listNetPrice) * (100 - (savingPercentage ?? 0))) / 100));
}

/**
 * The discounts of the applied promotions, in their order: AmountDiscount takes its Value
 * off, PercentageDiscount its Value percent of the plan price. Together they never exceed
 * the plan price (a later discount is cut down to what is left); other categories (add-ons,
 * cashback, recurring data, referral) do not change the price. `referral`: the MGM promotion a
 * friend's referral code brought (promo-code slot), whose Value is taken off last, as an amount
 * (an MGM promotion a product carries says only that the plan earns referrals: nothing off).
 */
export function discountsFor(planNetPrice: number, promotions: readonly Promotion[], referral: Promotion | null = null): Discount[] {
  const plan = toFils(planNetPrice);
  let left = plan;
  const discounts: Discount[] = [];
  for (const p of [...promotions.filter((p) => p !== referral), ...(referral ? [referral] : [])]) {
    const wanted =
      p.Category === 'AmountDiscount' || p === referral ? toFils(p.Value) : p.Category === 'PercentageDiscount' ? Math.round((plan * p.Value) / 100) : 0;
    const amount = Math.min(Math.max(0, wanted), left);
    if (amount <= 0) continue;
    discounts.push({ Name: p.Key, Amount: toAed(amount) });
    left -= amount;
  }
  return discounts;
}

/** NetPrice = PlanNetPrice + extras - discounts (never below 0); VAT is charged on top of NetPrice (SPEC 3). */
export function computePackagePrice(input: {
  planNetPrice: number;
  vatPercentage: number;
  extraCharges?: readonly ExtraCharge[];
  discounts?: readonly Discount[];
}): PackagePrice {
  const extras = [...(input.extraCharges ?? [])];
  const discounts = [...(input.discounts ?? [])];
  const gross = extras.reduce((sum, c) => sum + toFils(c.Amount), toFils(input.planNetPrice));
  const net = Math.max(0, discounts.reduce((sum, d) => sum - toFils(d.Amount), gross));
  return {
    PlanNetPrice: roundMoney(input.planNetPrice),
    NetPrice: toAed(net),
    VATPercentage: input.vatPercentage,
    VATAmount: toAed(Math.round((net * input.vatPercentage) / 100)),
    ExtraCharges: extras,
    Discounts: discounts,
  };
}

/**
 * How a choice's plan price is made: a fixed bundle price, or a list price (the month-by-month
 * price of a commitment, or the sum of a customizable product's chosen options) less the
 * commitment saving.
 */
export type PlanBase = { planNetPrice: number } | { listNetPrice: number; savingPercentage: number | null };

export interface ChoicePricing {
  base: PlanBase;
  /** Promotions the product carries (already checked as eligible). */
  automatic: readonly Promotion[];
  /** Opt-in promotions the visitor asked for (the streaming offer). */
  optIn: readonly Promotion[];
  promoCode: Promotion | null;
  boosters: readonly Pick<Booster, 'Name' | 'NetPrice'>[];
  /** The top-up the visitor asked for, in fils. */
  rechargeFils?: number | undefined;
  vatPercentage: number;
}

export interface PricedChoice {
  price: PackagePrice;
  /** Applied promotions: automatic, then opted-in, then the promo code's. */
  promotions: Promotion[];
  /** The plan price before the commitment saving; null for a fixed bundle price. */
  listNetPrice: number | null;
}

export function planNetPriceOf(base: PlanBase): number {
  return 'planNetPrice' in base ? roundMoney(base.planNetPrice) : commitmentPrice(base.listNetPrice, base.savingPercentage);
}

/** The whole price of a choice: plan price, extras (top-up, then boosters), discounts, VAT. */
export function priceChoice(input: ChoicePricing): PricedChoice {
  const planNetPrice = planNetPriceOf(input.base);
  // A referral code's MGM promotion is listed once, as the code's, even on a product that carries it.
  const referral = input.promoCode?.Category === 'MGM' ? input.promoCode : null;
  const automatic = referral ? input.automatic.filter((p) => p.Key !== referral.Key) : input.automatic;
  const promotions = [...automatic, ...input.optIn, ...(input.promoCode ? [input.promoCode] : [])];
  const price = computePackagePrice({
    planNetPrice,
    vatPercentage: input.vatPercentage,
    extraCharges: [...rechargeCharges(input.rechargeFils), ...boosterCharges(input.boosters)],
    discounts: discountsFor(planNetPrice, promotions, referral),
  });
  return { price, promotions, listNetPrice: 'listNetPrice' in input.base ? roundMoney(input.base.listNetPrice) : null };
}
