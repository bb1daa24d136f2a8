import { apiClient, ProductResponse, type ApiClient, type SubPlanType } from '@join/shared';
import {
  AvailablePlansResponse,
  BoostersResponse,
  PlanQuoteResponse,
  PlansByVanityResponse,
  PlansResponse,
  PreferencesResponse,
  ProductsResponse,
  PromoEligibilityResponse,
  SavePlanResponse,
} from './schemas';

/** What the visitor chose for a plan: never a price (the server computes every amount). */
export interface PlanChoice {
  planIds: readonly number[];
  productCode: number;
  rechargeAmount?: number;
  boosterIds?: readonly number[];
  promotionKeys?: readonly string[];
  promoCode?: string;
}

function planChoiceForm(p: PlanChoice) {
  return {
    plan_ids: p.planIds,
    product_code: p.productCode,
    recharge_amount: p.rechargeAmount || undefined,
    booster_ids: p.boosterIds?.length ? p.boosterIds : undefined,
    promotion_keys: p.promotionKeys?.length ? p.promotionKeys : undefined,
    promo_code: p.promoCode || undefined,
  };
}

function planChoiceQuery(p: PlanChoice): Record<string, string | number | undefined> {
  const f = planChoiceForm(p);
  return {
    plan_ids: f.plan_ids.join(','),
    product_code: f.product_code,
    recharge_amount: f.recharge_amount,
    booster_ids: f.booster_ids?.join(','),
    promotion_keys: f.promotion_keys?.join(','),
    promo_code: f.promo_code,
  };
}

/**
 * The plan domain's calls of SPEC section 7, one typed function each, over the page's one
 * client (the kernel's, imported by package name so the remote uses the page's singleton).
 */
export const planEndpoints = (c: ApiClient = apiClient) => ({
  getAvailableProducts: (category: 'tourist' | 'PAYG' | 'Commitment' | 'VIP' = 'tourist') =>
    c.request('GET', '/products/available', { schema: ProductsResponse, query: { category } }),
  saveProduct: (productCode: number) =>
    c.request('POST', '/products/save', { schema: ProductResponse, body: { product_code: productCode } }),
  getAvailablePlans: (planTypes?: readonly SubPlanType[]) =>
    c.request('GET', '/plans/available', {
      schema: PlansResponse,
      ...(planTypes ? { query: { plan_types: planTypes.join(',') } } : {}),
    }),
  savePlan: (p: PlanChoice) => c.request('POST', '/plans/saved_plans', { schema: SavePlanResponse, body: planChoiceForm(p) }),
  /** The live price of a choice, computed by the server as a save would (our addition). */
  quotePlan: (p: PlanChoice) => c.request('GET', '/plans/quote.json', { schema: PlanQuoteResponse, query: planChoiceQuery(p) }),
  getPlanOptions: (productCodes: readonly number[], serviceTypes?: readonly SubPlanType[]) =>
    c.request('GET', '/products/available_plans.json', {
      schema: AvailablePlansResponse,
      query: { product_codes: productCodes.join(','), ...(serviceTypes ? { service_types: serviceTypes.join(',') } : {}) },
    }),
  getBoosters: (msisdn: string, q: { productCode: number; planType?: SubPlanType; filters?: readonly string[] }) =>
    c.request('GET', `/boosters/${encodeURIComponent(msisdn)}`, {
      schema: BoostersResponse,
      query: {
        product_code: q.productCode,
        ...(q.planType ? { plan_type: q.planType } : {}),
        ...(q.filters?.length ? { filters: q.filters.join(',') } : {}),
      },
    }),
  checkPromoCodes: (codes: readonly string[], productCode: number, selectedServices?: readonly number[]) =>
    c.request('GET', '/promotions/check_promo_code_eligibility.json', {
      schema: PromoEligibilityResponse,
      query: {
        promo_codes: codes.join(','),
        product_code: productCode,
        ...(selectedServices?.length ? { selected_services: selectedServices.join(',') } : {}),
      },
    }),
  getPreferences: () => c.request('GET', '/me/preferences', { schema: PreferencesResponse }),
  setPreference: (preferenceId: number, value: boolean) =>
    c.request('POST', '/me/preferences', { schema: PreferencesResponse, body: { PreferenceID: preferenceId, Value: String(value) } }),
  getPlansByVanityLevel: (msisdn: string, vanityLevel: number) =>
    c.request('GET', '/plans/by_vanity_level.json', { schema: PlansByVanityResponse, query: { number: msisdn, vanity_level: vanityLevel } }),
});
export type PlanEndpoints = ReturnType<typeof planEndpoints>;
export const planApi: PlanEndpoints = planEndpoints();
