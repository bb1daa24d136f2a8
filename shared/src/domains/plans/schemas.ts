import { z } from 'zod';
import { aedAsFils, Booster, decimalInt, Msisdn, PackagePrice, PREFERENCE_IDS, Product, Promotion, SavedPlan, SubPlan, SubPlanType } from '@join/shared';

/**
 * The plan domain's payloads of SPEC section 7 (products, plans, quotes, builders, boosters,
 * promo codes, preferences, VIP plans by vanity level), one schema each. The API parses
 * requests with them and the plan step's client parses responses with them. Node-safe: zod and
 * the kernel by package name (in Node that is the kernel's Node-safe part, src/kernel-node.ts).
 */

/**
 * A schema of a request, which the API parses and the pages never do. Zod's builders are calls a
 * minifier must keep even when nothing reads their result; this one is marked pure, so a page
 * whose bundle carries this file (the plan step's first download) leaves the unread ones out.
 */
const requestSchema = <T>(make: () => T): T => make();

// --- products and plans ---
/** `tourist` selects the tourist product codes of SPEC section 9; the others are ProductCategory values. */
/**
 * PAYG lists the non-tourist pay-as-you-go products; customizable products (custom plan,
 * annual offer) are in no list: their pages read them through available_plans.
 */
export const ProductCategoryQuery = z.enum(['tourist', 'PAYG', 'Commitment', 'VIP']);
export type ProductCategoryQuery = z.infer<typeof ProductCategoryQuery>;
export const ProductsAvailableQuery = /* @__PURE__ */ requestSchema(() => z.object({ category: ProductCategoryQuery.default('tourist') }).strict());
export const ProductsResponse = z.object({ products: z.array(Product) });
export type ProductsResponse = z.infer<typeof ProductsResponse>;

export const ProductSaveBody = /* @__PURE__ */ requestSchema(() => z.object({ product_code: decimalInt().pipe(z.number().int().positive()) }).strict());

/** Comma-separated sub-plan types ('DATA,VOICE-INT'), at least one: a filter on the options. */
const subPlanTypeList = () =>
  z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(SubPlanType).min(1));

export const PlansAvailableQuery = /* @__PURE__ */ requestSchema(() => z.object({ plan_types: subPlanTypeList().optional() }).strict());
export const PlansResponse = z.object({ plans: z.array(SubPlan) });

const idList = (what: string) =>
  z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,49}$/, `must be comma-separated ${what} (at most 50)`)
    .transform((s) => s.split(',').map(Number));
/** Lower-case letters, digits, _ and -: promotion keys. */
const keyList = z
  .string()
  .regex(/^[a-z0-9_-]{1,40}(,[a-z0-9_-]{1,40}){0,9}$/, 'must be comma-separated promotion keys')
  .transform((s) => s.split(','));
/** A promo code as typed: trimmed and upper-cased; letters and digits only. Length bounds are the business config's (checked by the server). */
export const PromoCodeText = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{1,40}$/, 'must be letters and digits'));

/**
 * What the visitor chose, never what it costs: the server prices it from the database.
 * plan_ids are all the plans of a fixed product, or one option per type of a customizable one
 * (VOICE-INT may be left out); booster_ids, promotion_keys (opt-in promotions: the streaming
 * offer) and promo_code are our additions.
 */
const PlanChoice = {
  plan_ids: idList('plan ids'),
  product_code: decimalInt().pipe(z.number().int().positive()),
  /** AED as sent; fils after parsing (at most two decimal places). */
  recharge_amount: aedAsFils(10_000).optional(),
  booster_ids: idList('booster ids').optional(),
  promotion_keys: keyList.optional(),
  promo_code: PromoCodeText.optional(),
};
export const SavePlanBody = /* @__PURE__ */ requestSchema(() => z.object(PlanChoice).strict());
export type SavePlanInput = z.input<typeof SavePlanBody>;
/** GET /plans/quote.json (our addition): the live price of a choice, computed as a save would. */
export const PlanQuoteQuery = /* @__PURE__ */ requestSchema(() => z.object(PlanChoice).strict());
export const PlanQuoteResponse = z.object({ package_price: PackagePrice, promotions: z.array(Promotion) });
export type PlanQuoteResponse = z.infer<typeof PlanQuoteResponse>;

/** GET /products/available_plans(.json): the options of customizable products, per product. */
export const AvailablePlansQuery = /* @__PURE__ */ requestSchema(() =>
  z
    .object({
      product_codes: idList('product codes'),
      service_types: subPlanTypeList().optional(),
    })
    .strict());
export const AvailablePlansResponse = z.object({
  /** Per requested product: its options (filtered by service_types) and the product itself (name, duration, saving, promotions). */
  products: z.array(z.object({ product_code: z.number().int(), plans: z.array(SubPlan), product: Product })),
});
export type AvailablePlansResponse = z.infer<typeof AvailablePlansResponse>;

/** GET /boosters/{number}: boosters for the visitor's held number and the product. */
export const BoostersParams = /* @__PURE__ */ requestSchema(() => z.object({ number: Msisdn }).strict());
export const BoostersQuery = /* @__PURE__ */ requestSchema(() =>
  z
    .object({
      product_code: decimalInt().pipe(z.number().int().positive()),
      plan_type: SubPlanType.optional(),
      /** Comma-separated tags a booster must all carry (for example weekend). */
      filters: z
        .string()
        .regex(/^[a-z0-9_-]{1,20}(,[a-z0-9_-]{1,20}){0,4}$/, 'must be comma-separated tags')
        .transform((s) => s.split(','))
        .optional(),
    })
    .strict());
export const BoostersResponse = z.object({ number: Msisdn, boosters: z.array(Booster) });
export type BoostersResponse = z.infer<typeof BoostersResponse>;

/** GET /promotions/check_promo_code_eligibility.json. */
export const PromoEligibilityQuery = /* @__PURE__ */ requestSchema(() =>
  z
    .object({
      promo_codes: z
        .string()
        .transform((s) => s.split(',').filter(Boolean))
        .pipe(z.array(PromoCodeText).min(1).max(5)),
      product_code: decimalInt().pipe(z.number().int().positive()),
      /** The chosen sub-plan ids (a customizable product's options); defaults to all the product's plans. */
      selected_services: idList('sub-plan ids').optional(),
    })
    .strict());
export const PromoEligibility = z.object({
  promo_code: z.string(),
  eligible: z.boolean(),
  /** Why not, as a SPEC 8 message type: promo_invalid or promo_not_supported. */
  reason: z.enum(['promo_invalid', 'promo_not_supported']).nullable().default(null),
  promotion: Promotion.nullable().default(null),
});
export type PromoEligibility = z.infer<typeof PromoEligibility>;
export const PromoEligibilityResponse = z.object({ promotions: z.array(PromoEligibility) });
export type PromoEligibilityResponse = z.infer<typeof PromoEligibilityResponse>;

// --- preferences ---
const preferenceIds = [...new Set(Object.values(PREFERENCE_IDS))] as number[];
export const PreferenceBody = /* @__PURE__ */ requestSchema(() =>
  z
    .object({
      PreferenceID: decimalInt()
        .refine((n) => preferenceIds.includes(n), { message: `must be one of ${preferenceIds.join(', ')}` }),
      Value: z.enum(['true', 'false']),
    })
    .strict());
export const Preference = z.object({ PreferenceID: z.number().int(), Value: z.boolean() });
export const PreferencesResponse = z.object({ preferences: z.array(Preference) });
export type PreferencesResponse = z.infer<typeof PreferencesResponse>;
export const SavePlanResponse = z.object({ saved_plan: SavedPlan });
export type SavePlanResponse = z.infer<typeof SavePlanResponse>;

// --- plans by vanity level (VIP) ---
export const PlansByVanityQuery = /* @__PURE__ */ requestSchema(() => z.object({ number: Msisdn, vanity_level: decimalInt(3) }).strict());
export const PlansByVanityResponse = z.object({ products: z.array(Product) });
export type PlansByVanityResponse = z.infer<typeof PlansByVanityResponse>;

