import { DEFAULT_VAT_PERCENTAGE, MARKETING, UNLIMITED, VANITY_LEVELS, type ProductCategory, type SubPlanType } from '@join/shared/contract';
import { DEFAULT_PRODUCT_CODE, GIB, MINUTE_MS } from '../domain/catalogue';

/**
 * The seeded catalogue: the seven tourist plans of SPEC 9, the 1-month default, and the
 * commitment and VIP products later steps need. Tourist plans are listed here out of price
 * order on purpose: the API sorts them by PlanNetPrice, and a seed already in order would
 * hide a missing sort.
 */
export interface SeedSubPlan {
  type: SubPlanType;
  name: string;
  value: number;
  validityDays: number;
  dailyAllowance?: number;
}

export interface SeedProduct {
  code: number;
  name: string;
  category: ProductCategory;
  commitmentMonths: number;
  tourist: boolean;
  planNetPrice: number;
  allowedFeatures?: string[];
  plans: SeedSubPlan[];
  /** VIP products only: the vanity level of the numbers they are sold with. */
  vanityLevel?: number;
}

const data = (gb: number, days: number, dailyGb?: number): SeedSubPlan => ({
  type: 'DATA',
  name: gb === UNLIMITED ? 'Unlimited data' : `${gb} GB data`,
  value: gb === UNLIMITED ? UNLIMITED : gb * GIB,
  validityDays: days,
  ...(dailyGb ? { dailyAllowance: dailyGb * GIB } : {}),
});
const local = (minutes: number, days: number): SeedSubPlan => ({
  type: 'VOICE-LCL',
  name: minutes === UNLIMITED ? 'Unlimited local minutes' : `${minutes} local minutes`,
  value: minutes === UNLIMITED ? UNLIMITED : minutes * MINUTE_MS,
  validityDays: days,
});
const international = (minutes: number, days: number): SeedSubPlan => ({
  type: 'VOICE-INT',
  name: `${minutes} international minutes`,
  value: minutes * MINUTE_MS,
  validityDays: days,
});
const bundle = (gb: number, localMin: number, intMin: number, days: number, dailyGb?: number) => [
  data(gb, days, dailyGb),
  local(localMin, days),
  international(intMin, days),
];

const tourist = (code: number, name: string, price: number, plans: SeedSubPlan[], features?: string[]): SeedProduct => ({
  code,
  name,
  category: 'PAYG',
  commitmentMonths: 1,
  tourist: true,
  planNetPrice: price,
  plans,
  ...(features ? { allowedFeatures: features } : {}),
});

const vip = (code: number, name: string, vanityLevel: number, price: number, internationalMinutes: number): SeedProduct => ({
  code,
  name,
  category: 'VIP',
  commitmentMonths: MARKETING.vipPlanMonths,
  tourist: false,
  planNetPrice: price,
  vanityLevel,
  plans: bundle(UNLIMITED, UNLIMITED, internationalMinutes, 30),
});

/**
 * VIP plans, two per tier, each a 12-month commitment priced per month (AED, before VAT).
 * A VIP number is sold only with a plan of its tier, and the price rises with how rare the
 * tier is in the pool: bronze (3 in a row) is common, then gold (4), red (a pattern), and
 * diamond (5 in a row) the rarest. 212 was the one VIP product before tiers; it is gold.
 */
export const VIP_PRODUCTS: readonly SeedProduct[] = [
  vip(221, 'VIP Bronze 12 months', VANITY_LEVELS.bronze, 199, 300),
  vip(222, 'VIP Bronze Plus 12 months', VANITY_LEVELS.bronze, 249, 600),
  vip(212, 'VIP Gold 12 months', VANITY_LEVELS.gold, 300, 500),
  vip(232, 'VIP Gold Plus 12 months', VANITY_LEVELS.gold, 349, 1000),
  vip(241, 'VIP Red 12 months', VANITY_LEVELS.red, 399, 750),
  vip(242, 'VIP Red Plus 12 months', VANITY_LEVELS.red, 449, 1500),
  vip(251, 'VIP Diamond 12 months', VANITY_LEVELS.diamond, 499, 1000),
  vip(252, 'VIP Diamond Plus 12 months', VANITY_LEVELS.diamond, 599, 2000),
];

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  tourist(199, 'Tourist Premium 28 days', 189, bundle(30, 300, 100, 28), ['web_apple_pay']),
  tourist(187, 'Tourist Starter 7 days', 35, bundle(2, 30, 10, 7)),
  tourist(207, 'Tourist Unlimited 28 days', 299, bundle(UNLIMITED, UNLIMITED, 200, 28, 10)),
  tourist(188, 'Tourist Explorer 14 days', 99, bundle(10, 100, 30, 14)),
  tourist(208, 'Tourist Long Stay 90 days', 279, bundle(60, 500, 150, 90)),
  tourist(196, 'Tourist Value 14 days', 69, bundle(5, 60, 20, 14)),
  tourist(206, 'Tourist Data 28 days', 129, bundle(20, 100, 30, 28)),
  {
    code: DEFAULT_PRODUCT_CODE,
    name: 'Flexi 1 month',
    category: 'PAYG',
    commitmentMonths: 1,
    tourist: false,
    planNetPrice: 50,
    plans: bundle(4, 100, 20, 30),
  },
  { code: 103, name: 'Commitment 3 months', category: 'Commitment', commitmentMonths: 3, tourist: false, planNetPrice: 90, plans: bundle(15, 200, 50, 30) },
  { code: 106, name: 'Commitment 6 months', category: 'Commitment', commitmentMonths: 6, tourist: false, planNetPrice: 80, plans: bundle(20, 300, 60, 30) },
  { code: 112, name: 'Commitment 12 months', category: 'Commitment', commitmentMonths: 12, tourist: false, planNetPrice: 70, plans: bundle(25, 400, 80, 30) },
  ...VIP_PRODUCTS,
];

/** Sub-plan ids are product code * 10 + position, so an id names its product at a glance. */
export function subPlanId(productCode: number, index: number): number {
  return productCode * 10 + index + 1;
}

export const SEED_VAT_PERCENTAGE = DEFAULT_VAT_PERCENTAGE;
