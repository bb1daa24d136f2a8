import type { Product, Promotion } from '@join/shared/contract';
import { savingOf, type CatalogueProduct } from './catalogue';
import { dearestChoice, defaultChoice, planBaseOf } from './plan-choice';
import { planNetPriceOf, priceChoice } from './pricing';
import { applicablePromotions, openPromotionRefusal, type PromotionRule } from './promotions';

/** What a product is shown with besides its own facts: the live VAT and the opt-in offers. */
export interface ViewEnv {
  vatPercentage: number;
  /** Opt-in promotions open to every product that reaches their minimum (the streaming offer). */
  optIn: readonly PromotionRule[];
  now: number;
}

/**
 * The opt-in offers a product lists: those its choice can reach. A fixed product's choice is
 * the product; a customizable product lists an offer when its dearest choice reaches it (the
 * quote and the save decide for the actual choice).
 */
function offeredOptIns(p: CatalogueProduct, env: ViewEnv): Promotion[] {
  const base = planBaseOf(p, dearestChoice(p));
  if (!base) return [];
  const target = { category: p.category, tourist: p.tourist, planNetPrice: planNetPriceOf(base) };
  return env.optIn.filter((r) => openPromotionRefusal(r, target, env.now) === null).map((r) => r.promotion);
}

/**
 * The contract's Product: PackagesPricingTable[0] is the price of the default choice (the
 * bundle, or a customizable product's cheapest choice) with its automatic promotions and
 * no boosters, opt-ins or codes; Promotions lists the automatic ones and the opt-in offers.
 */
export function toProduct(p: CatalogueProduct, env: ViewEnv): Product {
  const base = planBaseOf(p, defaultChoice(p));
  const planNetPrice = base ? planNetPriceOf(base) : null;
  const target = { category: p.category, tourist: p.tourist, planNetPrice: planNetPrice ?? 0 };
  const automatic = applicablePromotions(p.promotions, target, env.now);
  const priced = base ? priceChoice({ base, automatic, optIn: [], promoCode: null, boosters: [], vatPercentage: env.vatPercentage }) : null;
  const saving = savingOf(p);
  return {
    ProductCode: p.code,
    Name: p.name,
    ProductCategory: p.category,
    CommitmentDuration: p.commitmentMonths,
    AvailablePlans: p.plans,
    PackagesPricingTable: priced ? [priced.price] : [],
    AllowedFeatures: p.allowedFeatures.map((Code) => ({ Code })),
    Promotions: [...automatic, ...offeredOptIns(p, env)],
    IsCustomizable: p.customizable,
    CommitmentSavingPercentage: saving,
    ListNetPrice: saving === null ? null : (priced?.listNetPrice ?? null),
    VanityLevel: p.category === 'VIP' ? p.vanityLevel : null,
  };
}
