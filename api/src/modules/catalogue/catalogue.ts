import { PLAN_TYPES_ORDER, type Product, type ProductCategory, type SubPlan } from '@join/shared/contract';
import type { PromotionRule } from './promotions';

/**
 * Catalogue facts the API decides on (the spec leaves them to the operator): the default
 * product a new visitor starts on and a cancelled number falls back to, the unit sizes
 * sub-plan values are stored in, and the shape of a product as the database holds it.
 */
export const DEFAULT_PRODUCT_CODE = 100;
/** Products of this many months keep their place when a number is cancelled (SPEC 4: "resets to the 1-month default"). */
export const DEFAULT_COMMITMENT_MONTHS = 1;

/** Data values are bytes in 1024 steps (SPEC 9). */
export const GIB = 1024 ** 3;
/** Voice values are milliseconds (SPEC 3). */
export const MINUTE_MS = 60_000;

/**
 * A product as stored: what its price is made of, before any promotion or VAT. Exactly one
 * of these prices it: options (customizable: the chosen options' NetPrice summed), a list
 * price (a commitment's month-by-month price, less the saving of its term), or a fixed
 * bundle price. The contract's Product is built from it (domain/product-view.ts).
 */
export interface CatalogueProduct {
  code: number;
  name: string;
  category: ProductCategory;
  commitmentMonths: number;
  tourist: boolean;
  customizable: boolean;
  /** VIP products only: the vanity level of the numbers they are sold with. */
  vanityLevel: number | null;
  allowedFeatures: string[];
  /** A bundle's price (package_prices); null for products priced from a list price or options. */
  fixedNetPrice: number | null;
  /** A commitment's month-by-month price before its saving; null otherwise. */
  listNetPrice: number | null;
  /** The saving of a commitment term of this length (commitment_terms); null without a row. */
  termSavingPercentage: number | null;
  /** The bundle's plans, or a customizable product's options; in SPEC 9 type order. */
  plans: SubPlan[];
  /** Automatic promotions linked to the product (product_promotions). */
  promotions: PromotionRule[];
}

/** The commitment saving that applies to the product's price: list-priced and customizable products only. */
export function savingOf(p: CatalogueProduct): number | null {
  return p.customizable || p.listNetPrice !== null ? p.termSavingPercentage : null;
}

const typeRank = (p: SubPlan) => PLAN_TYPES_ORDER.indexOf(p.Type);

/** SPEC 9: plan types are always listed DATA, VOICE-LCL, VOICE-INT; options of a type cheapest first. */
export function sortSubPlans(plans: readonly SubPlan[]): SubPlan[] {
  return [...plans].sort((a, b) => typeRank(a) - typeRank(b) || (a.NetPrice ?? 0) - (b.NetPrice ?? 0) || a.ID - b.ID);
}

export function planNetPriceOf(product: Product): number {
  return product.PackagesPricingTable[0]?.PlanNetPrice ?? Number.POSITIVE_INFINITY;
}

/** SPEC 9: tourist plans are shown cheapest first; ties keep a stable order by code. */
export function sortByPlanNetPrice(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => planNetPriceOf(a) - planNetPriceOf(b) || a.ProductCode - b.ProductCode);
}

/** Commitment lists read shortest commitment first (SPEC 9: the default is "the third by duration"). */
export function sortByDuration(products: readonly Product[]): Product[] {
  return [...products].sort(
    (a, b) => a.CommitmentDuration - b.CommitmentDuration || planNetPriceOf(a) - planNetPriceOf(b) || a.ProductCode - b.ProductCode,
  );
}

/** VIP lists read by tier (vanity level), then cheapest first. */
export function sortByVanityLevel(products: readonly Product[]): Product[] {
  const level = (p: Product) => p.VanityLevel ?? Number.POSITIVE_INFINITY;
  return [...products].sort((a, b) => level(a) - level(b) || planNetPriceOf(a) - planNetPriceOf(b) || a.ProductCode - b.ProductCode);
}
