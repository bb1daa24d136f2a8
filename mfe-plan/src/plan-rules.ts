import { hasFreeInternationalCalling, type PackagePrice, type Product, type Promotion, type SubPlan, type SubPlanType } from '@join/shared';
import { ANNUAL_OFFER_PRODUCT_CODE, CUSTOM_PLAN_PRODUCT_CODE, PLAN_CATEGORIES, TOURIST_PRODUCT_CODES, type PlanCategory } from '@join/shared/plans';

/**
 * The plan step's rules as pure functions (SPEC 1, 3, 9). Prices are the server's: these only
 * order, pick and describe what the server sent.
 */

const planNet = (p: Product) => p.PackagesPricingTable[0]?.PlanNetPrice ?? Number.POSITIVE_INFINITY;

/** Tourist plans (and PAYG, VIP) are shown cheapest first, by plan net price (SPEC 9). */
export function sortByPlanNetPrice(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => planNet(a) - planNet(b));
}

/** Commitment products by duration, shortest first; equal durations by price. */
export function sortByDuration(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => a.CommitmentDuration - b.CommitmentDuration || planNet(a) - planNet(b));
}

/** SPEC 9: the default product is the third commitment product sorted by duration (the last one if fewer). */
export function defaultCommitmentProduct(products: readonly Product[]): Product | null {
  const sorted = sortByDuration(products.filter((p) => p.ProductCategory === 'Commitment' && !p.IsCustomizable));
  return sorted[2] ?? sorted[sorted.length - 1] ?? null;
}

/** The lowest plan net price of a list: "pay-as-you-go starts at AED 50" comes from the data. */
export function fromPrice(products: readonly Product[]): number | null {
  const prices = products.map(planNet).filter(Number.isFinite);
  return prices.length ? Math.min(...prices) : null;
}

/** The category tab a product belongs to. */
export function categoryOf(product: Product): PlanCategory {
  if ((TOURIST_PRODUCT_CODES as readonly number[]).includes(product.ProductCode)) return 'tourist';
  return product.ProductCategory;
}

/** The opt-in promotion of a product that needs a consent (the streaming offer), if it lists one. */
export function consentPromotion(product: Product): Promotion | null {
  return product.Promotions.find((p) => p.RequiresConsent) ?? null;
}

/** Promotions shown on a card: every offer of the plan (the opt-in one is taken in the review); never a promo code's. */
export function shownPromotions(product: Product): Promotion[] {
  return product.Promotions.filter((p) => !p.IsUserPromo);
}

/** SPEC 9: free international calling from a net price of 2600. */
export function freeInternationalCalling(price: PackagePrice | undefined): boolean {
  return price !== undefined && hasFreeInternationalCalling(price.NetPrice);
}

/** The longest validity of a product's plans, in days. */
export function validityDays(plans: readonly SubPlan[]): number {
  return Math.max(0, ...plans.map((p) => p.Validity));
}

/** What the start parameters (SPEC 2: preset, product_code, plantype) ask the plan step to open. */
export type StartSelection =
  | { kind: 'none' }
  | { kind: 'category'; category: PlanCategory }
  | { kind: 'product'; productCode: number }
  | { kind: 'builder'; productCode: number; presetIds: number[] };

const PLANTYPE_ALIASES: Readonly<Record<string, PlanCategory | 'custom' | 'annual'>> = {
  tourist: 'tourist',
  payg: 'PAYG',
  prepaid: 'PAYG',
  commitment: 'Commitment',
  postpaid: 'Commitment',
  vip: 'VIP',
  custom: 'custom',
  'custom-plan': 'custom',
  annual: 'annual',
  'annual-offer': 'annual',
};

const builderCode = (kind: 'custom' | 'annual') => (kind === 'custom' ? CUSTOM_PLAN_PRODUCT_CODE : ANNUAL_OFFER_PRODUCT_CODE);

/**
 * Reads the plan start parameters. product_code wins (a named product), then preset (sub-plan
 * ids of a customizable product: opens its builder with them picked; which builder comes from
 * plantype, else the ids' product: sub-plan ids start with their product code), then plantype.
 * Anything unreadable is ignored: a bad link still opens the plan step.
 */
export function startSelection(params: Readonly<Record<string, string>>): StartSelection {
  const code = Number(params.product_code);
  if (Number.isInteger(code) && code > 0) {
    if (code === CUSTOM_PLAN_PRODUCT_CODE || code === ANNUAL_OFFER_PRODUCT_CODE) return { kind: 'builder', productCode: code, presetIds: presetIds(params.preset) };
    return { kind: 'product', productCode: code };
  }
  const type = PLANTYPE_ALIASES[(params.plantype ?? '').toLowerCase()];
  const ids = presetIds(params.preset);
  if (ids.length > 0) {
    const byType = type === 'custom' || type === 'annual' ? builderCode(type) : null;
    const byIds = ids.every((id) => String(id).startsWith(String(ANNUAL_OFFER_PRODUCT_CODE))) ? ANNUAL_OFFER_PRODUCT_CODE : CUSTOM_PLAN_PRODUCT_CODE;
    return { kind: 'builder', productCode: byType ?? byIds, presetIds: ids };
  }
  if (type === 'custom' || type === 'annual') return { kind: 'builder', productCode: builderCode(type), presetIds: [] };
  if (type && (PLAN_CATEGORIES as readonly string[]).includes(type)) return { kind: 'category', category: type };
  return { kind: 'none' };
}

function presetIds(preset: string | undefined): number[] {
  if (!preset || !/^\d{1,9}(,\d{1,9}){0,9}$/.test(preset)) return [];
  return [...new Set(preset.split(',').map(Number))];
}

/** A builder's choice: one option per type (VOICE-INT may be none). */
export type BuilderChoice = Partial<Record<SubPlanType, number>>;

/** The starting choice of a builder: preset ids that are options, else the saved plan's, else the cheapest DATA and VOICE-LCL. */
export function initialBuilderChoice(options: readonly SubPlan[], preferred: readonly number[]): BuilderChoice {
  const choice: BuilderChoice = {};
  for (const id of preferred) {
    const option = options.find((o) => o.ID === id);
    if (option && choice[option.Type] === undefined) choice[option.Type] = option.ID;
  }
  for (const type of ['DATA', 'VOICE-LCL'] as const) {
    if (choice[type] !== undefined) continue;
    const cheapest = [...options.filter((o) => o.Type === type)].sort((a, b) => (a.NetPrice ?? 0) - (b.NetPrice ?? 0))[0];
    if (cheapest) choice[type] = cheapest.ID;
  }
  return choice;
}

export function choiceIds(choice: BuilderChoice): number[] {
  return (['DATA', 'VOICE-LCL', 'VOICE-INT'] as const).flatMap((t) => (choice[t] === undefined ? [] : [choice[t]]));
}
