import { z } from 'zod';
import type { FlowStatusKey } from '../constants';
import {
  AvailablePlansResponse,
  BoostersResponse,
  PlanQuoteResponse,
  PreferencesResponse,
  PromoEligibilityResponse,
  BizConfigResponse,
  CommitNumberResponse,
  MnpReserveResponse,
  MnpVerifyResponse,
  NumberSearchResponse,
  OperatorsResponse,
  PlansByVanityResponse,
  ReservationsResponse,
  CurrentTimestampResponse,
  FlowStatusResponse,
  NumberResponse,
  NumbersResponse,
  PlansResponse,
  ProductResponse,
  ProductsResponse,
  SavePlanResponse,
  SavedPlansResponse,
  TranslationsResponse,
} from '../schemas/api';
import type { SubPlanType } from '../schemas/entities';
import { apiClient, BIZ_CONFIG_HEADERS, type ApiClient } from './client';

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
 * One typed function per SPEC section 7 call this product makes. Modules call these,
 * never URLs. Each takes the client last so tests can pass their own.
 */
const Ok = z.object({}).passthrough();

export const endpoints = (c: ApiClient = apiClient) => ({
  loginByDeviceId: () => c.loginByDeviceId(),
  logout: () => c.request('POST', '/securitymanagement/logout', { schema: Ok }),
  getFlowStatus: () => c.request('GET', '/me/flow_status', { schema: FlowStatusResponse }),
  postFlowStatus: (key: FlowStatusKey, value = 'true') =>
    c.request('POST', '/me/flow_status', { schema: FlowStatusResponse, body: { key, value } }),
  getCurrentTimestamp: () => c.request('GET', '/me/current_timestamp', { schema: CurrentTimestampResponse }),
  getBizConfig: () => c.request('GET', '/biz_config/app', { schema: BizConfigResponse, anonymous: true, headers: BIZ_CONFIG_HEADERS }),
  getTranslations: (containerId = 'web') =>
    c.request('GET', '/translations', { schema: TranslationsResponse, anonymous: true, query: { container_id: containerId } }),
  getAvailableProducts: (category: 'tourist' | 'PAYG' | 'Commitment' | 'VIP' = 'tourist') =>
    c.request('GET', '/products/available', { schema: ProductsResponse, query: { category } }),
  getCurrentProduct: (save = false) =>
    c.request('GET', '/products/current', { schema: ProductResponse, ...(save ? { query: { save: 'true' } } : {}) }),
  saveProduct: (productCode: number) =>
    c.request('POST', '/products/save', { schema: ProductResponse, body: { product_code: productCode } }),
  getAvailablePlans: (planTypes?: readonly SubPlanType[]) =>
    c.request('GET', '/plans/available', {
      schema: PlansResponse,
      ...(planTypes ? { query: { plan_types: planTypes.join(',') } } : {}),
    }),
  getSavedPlans: () => c.request('GET', '/plans/saved_plans', { schema: SavedPlansResponse }),
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
  getNumbers: () => c.request('GET', '/numbers', { schema: NumbersResponse }),
  reserveNumber: (msisdn: string) => c.request('POST', '/numbers', { schema: NumberResponse, body: { number: msisdn } }),
  cancelNumber: (msisdn: string) => c.request('DELETE', '/numbers', { schema: NumbersResponse, body: { number: msisdn } }),
  randomNumbers: (count = 1) => c.request('POST', '/numbers/random', { schema: NumbersResponse, body: { count } }),
  searchNumbers: (q: { pattern: string; match: 'contains' | 'ends_with'; vanityLevelIds: readonly number[]; page: number; perPage: number }) =>
    c.request('POST', '/numbers/search', {
      schema: NumberSearchResponse,
      body: { pattern: q.pattern, match: q.match, vanity_level_ids: q.vanityLevelIds, page: q.page, per_page: q.perPage },
    }),
  getReservations: (types?: readonly ('number' | 'mnp')[]) =>
    c.request('GET', '/numbers/reservation', {
      schema: ReservationsResponse,
      ...(types ? { query: { reservation_types: types.join(',') } } : {}),
    }),
  commitNumber: () => c.request('POST', '/numbers/commit_number', { schema: CommitNumberResponse }),
  getPlansByVanityLevel: (msisdn: string, vanityLevel: number) =>
    c.request('GET', '/plans/by_vanity_level.json', { schema: PlansByVanityResponse, query: { number: msisdn, vanity_level: vanityLevel } }),
  getOperators: () => c.request('GET', '/mobile_number_portability/operators', { schema: OperatorsResponse }),
  verifyPortability: (externalNumber: string, operator: string) =>
    c.request('POST', '/mobile_number_portability/verify', { schema: MnpVerifyResponse, body: { external_number: externalNumber, operator } }),
  reserveTransfer: (externalNumber: string, operator: string) =>
    c.request('POST', '/mobile_number_portability/reserve', { schema: MnpReserveResponse, body: { number: externalNumber, operator } }),
});

export type Endpoints = ReturnType<typeof endpoints>;
/** The page's endpoints, over the page's client. */
export const api: Endpoints = endpoints();
