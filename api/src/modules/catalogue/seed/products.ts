import {
  ANNUAL_OFFER_PRODUCT_CODE,
  CUSTOM_PLAN_PRODUCT_CODE,
  DEFAULT_VAT_PERCENTAGE,
  MARKETING,
  UNLIMITED,
  VANITY_LEVELS,
  type ProductCategory,
  type SubPlanType,
} from '@join/shared/contract';
import { DEFAULT_PRODUCT_CODE, GIB, MINUTE_MS } from '../catalogue';

/**
 * The seeded catalogue: the seven tourist plans of SPEC 9, pay-as-you-go, the commitment
 * products (one bundle, priced month by month less the saving of their term), the VIP tiers
 * and the two customizable products. Tourist plans are listed here out of price order on
 * purpose: the API sorts them by PlanNetPrice, and a seed already in order would hide a
 * missing sort. The catalogue is reference data: it is written over the database's on every
 * start (seed-database.ts).
 */
export interface SeedSubPlan {
  type: SubPlanType;
  name: string;
  value: number;
  validityDays: number;
  dailyAllowance?: number;
  /** Options of a customizable product only: the option's price (AED, before VAT). */
  netPrice?: number;
}

interface SeedProductBase {
  code: number;
  name: string;
  category: ProductCategory;
  commitmentMonths: number;
  tourist: boolean;
  allowedFeatures?: string[];
  plans: SeedSubPlan[];
  /** VIP products only: the vanity level of the numbers they are sold with. */
  vanityLevel?: number;
}

/** Exactly one way to price a product: a fixed bundle price, a list price less the term's saving, or options. */
export type SeedProduct = SeedProductBase &
  ({ planNetPrice: number } | { listNetPrice: number } | { customizable: true });

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
/** A daily allowance of local minutes: Value is the whole period's (SPEC 9's validity multiplier). */
const dailyLocal = (minutesPerDay: number, days: number): SeedSubPlan => ({
  type: 'VOICE-LCL',
  name: `${minutesPerDay} local minutes a day`,
  value: minutesPerDay * days * MINUTE_MS,
  validityDays: days,
  dailyAllowance: minutesPerDay * MINUTE_MS,
});
const international = (minutes: number, days: number): SeedSubPlan => ({
  type: 'VOICE-INT',
  name: minutes === UNLIMITED ? 'Unlimited international minutes' : `${minutes} international minutes`,
  value: minutes === UNLIMITED ? UNLIMITED : minutes * MINUTE_MS,
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

const payg = (code: number, name: string, price: number, plans: SeedSubPlan[]): SeedProduct => ({
  code,
  name,
  category: 'PAYG',
  commitmentMonths: 1,
  tourist: false,
  planNetPrice: price,
  plans,
});

/** Commitment products share one bundle and one month-by-month price; the term's saving makes the difference. */
export const COMMITMENT_LIST_NET_PRICE = 100;
const commitment = (months: number): SeedProduct => ({
  code: 100 + months,
  name: `Commitment ${months} months`,
  category: 'Commitment',
  commitmentMonths: months,
  tourist: false,
  listNetPrice: COMMITMENT_LIST_NET_PRICE,
  plans: bundle(25, 400, 80, 30),
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
 * VIP plans, two per tier, each priced as its 12-month total (AED, before VAT; SPEC 1: the VIP
 * plan lasts 12 months). A VIP number is sold only with a plan of its tier, and the price
 * rises with how rare the tier is in the pool: bronze (3 in a row) is common, then gold (4),
 * red (a pattern), and diamond (5 in a row) the rarest. From AED 2,600 the client shows free
 * international calling (SPEC 9).
 */
export const VIP_PRODUCTS: readonly SeedProduct[] = [
  vip(221, 'VIP Bronze 12 months', VANITY_LEVELS.bronze, 1199, 300),
  vip(222, 'VIP Bronze Plus 12 months', VANITY_LEVELS.bronze, 1499, 600),
  vip(212, 'VIP Gold 12 months', VANITY_LEVELS.gold, 1799, 500),
  vip(232, 'VIP Gold Plus 12 months', VANITY_LEVELS.gold, 2099, 1000),
  vip(241, 'VIP Red 12 months', VANITY_LEVELS.red, 2399, 750),
  vip(242, 'VIP Red Plus 12 months', VANITY_LEVELS.red, 2699, 1500),
  vip(251, 'VIP Diamond 12 months', VANITY_LEVELS.diamond, 2999, 1000),
  vip(252, 'VIP Diamond Plus 12 months', VANITY_LEVELS.diamond, 3599, 2000),
];

/** Options of the customizable products (AED a month, before VAT), 30 days each. */
const MONTHLY_OPTIONS: readonly { plan: SeedSubPlan; netPrice: number }[] = [
  { plan: data(5, 30), netPrice: 30 },
  { plan: data(10, 30), netPrice: 45 },
  { plan: data(25, 30), netPrice: 70 },
  { plan: data(UNLIMITED, 30), netPrice: 120 },
  { plan: local(100, 30), netPrice: 10 },
  { plan: local(300, 30), netPrice: 20 },
  { plan: local(UNLIMITED, 30), netPrice: 35 },
  { plan: international(30, 30), netPrice: 10 },
  { plan: international(100, 30), netPrice: 25 },
  { plan: international(300, 30), netPrice: 60 },
];
const options = (months: number): SeedSubPlan[] => MONTHLY_OPTIONS.map((o) => ({ ...o.plan, netPrice: o.netPrice * months }));

/**
 * The custom plan is paid month by month; the annual offer is the same options for a year
 * (each option's price is 12 months'), less the 12-month saving.
 */
export const CUSTOMIZABLE_PRODUCTS: readonly SeedProduct[] = [
  { code: CUSTOM_PLAN_PRODUCT_CODE, name: 'Custom plan', category: 'PAYG', commitmentMonths: 1, tourist: false, customizable: true, plans: options(1) },
  {
    code: ANNUAL_OFFER_PRODUCT_CODE,
    name: 'Annual offer',
    category: 'Commitment',
    commitmentMonths: 12,
    tourist: false,
    customizable: true,
    plans: options(12),
  },
];

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  tourist(199, 'Tourist Premium 28 days', 189, bundle(30, 300, 100, 28), ['web_apple_pay']),
  tourist(187, 'Tourist Starter 7 days', 35, bundle(2, 30, 10, 7)),
  tourist(207, 'Tourist Unlimited 28 days', 299, bundle(UNLIMITED, UNLIMITED, 200, 28, 10)),
  tourist(188, 'Tourist Explorer 14 days', 99, bundle(10, 100, 30, 14)),
  tourist(208, 'Tourist Long Stay 90 days', 279, [data(60, 90), dailyLocal(10, 90), international(150, 90)]),
  tourist(196, 'Tourist Value 14 days', 69, bundle(5, 60, 20, 14)),
  tourist(206, 'Tourist Data 28 days', 129, bundle(20, 100, 30, 28)),
  payg(DEFAULT_PRODUCT_CODE, 'Flexi 1 month', MARKETING.paygFromAed, bundle(4, 100, 20, 30)),
  payg(101, 'Flexi Plus 1 month', 75, bundle(10, 200, 50, 30)),
  commitment(3),
  commitment(6),
  commitment(12),
  ...VIP_PRODUCTS,
  ...CUSTOMIZABLE_PRODUCTS,
];

/** The saving of each commitment term (SPEC 1: 6 months save 30 %, 12 months 50 %); other terms save nothing. */
export const SEED_COMMITMENT_TERMS: readonly { months: number; savingPercentage: number }[] = Object.entries(MARKETING.commitmentSavings).map(
  ([months, savingPercentage]) => ({ months: Number(months), savingPercentage }),
);

/**
 * Sub-plan ids are product code * 10 + position, so an id names its product at a glance. A
 * product with more than 9 plans (the customizable ones) uses product code * 100 + position
 * instead, so its ids stay clear of every other product's (seed tests check there is no clash).
 */
export function subPlanId(productCode: number, index: number, planCount = 1): number {
  return planCount > 9 ? productCode * 100 + index + 1 : productCode * 10 + index + 1;
}

export const SEED_VAT_PERCENTAGE = DEFAULT_VAT_PERCENTAGE;
