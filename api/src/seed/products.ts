import { DEFAULT_VAT_PERCENTAGE, UNLIMITED, type ProductCategory, type SubPlanType } from '@join/shared/contract';
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
  { code: 212, name: 'VIP 12 months', category: 'VIP', commitmentMonths: 12, tourist: false, planNetPrice: 300, plans: bundle(UNLIMITED, UNLIMITED, 500, 30) },
];

/** Sub-plan ids are product code * 10 + position, so an id names its product at a glance. */
export function subPlanId(productCode: number, index: number): number {
  return productCode * 10 + index + 1;
}

export const SEED_VAT_PERCENTAGE = DEFAULT_VAT_PERCENTAGE;
