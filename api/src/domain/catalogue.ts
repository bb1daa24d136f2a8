import { PLAN_TYPES_ORDER, type Product, type SubPlan } from '@join/shared/contract';

/**
 * Catalogue facts the API decides on (the spec leaves them to the operator): the default
 * product a new visitor starts on and a cancelled number falls back to, and the unit sizes
 * sub-plan values are stored in.
 */
export const DEFAULT_PRODUCT_CODE = 100;
/** Products of this many months keep their place when a number is cancelled (SPEC 4: "resets to the 1-month default"). */
export const DEFAULT_COMMITMENT_MONTHS = 1;

/** Data values are bytes in 1024 steps (SPEC 9). */
export const GIB = 1024 ** 3;
/** Voice values are milliseconds (SPEC 3). */
export const MINUTE_MS = 60_000;

/** SPEC 9: plan types are always listed DATA, VOICE-LCL, VOICE-INT. */
export function sortSubPlans(plans: readonly SubPlan[]): SubPlan[] {
  const rank = (p: SubPlan) => PLAN_TYPES_ORDER.indexOf(p.Type);
  return [...plans].sort((a, b) => rank(a) - rank(b) || a.ID - b.ID);
}

export function planNetPriceOf(product: Product): number {
  return product.PackagesPricingTable[0]?.PlanNetPrice ?? Number.POSITIVE_INFINITY;
}

/** SPEC 9: tourist plans are shown cheapest first; ties keep a stable order by code. */
export function sortByPlanNetPrice(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => planNetPriceOf(a) - planNetPriceOf(b) || a.ProductCode - b.ProductCode);
}

/** Commitment and VIP lists read shortest commitment first (the client picks "the third by duration"). */
export function sortByDuration(products: readonly Product[]): Product[] {
  return [...products].sort(
    (a, b) => a.CommitmentDuration - b.CommitmentDuration || planNetPriceOf(a) - planNetPriceOf(b) || a.ProductCode - b.ProductCode,
  );
}
