import { z } from 'zod';
import { FLOW_STATUS_KEYS, PREFERENCE_IDS } from '../constants';
import { ServerFlowContext } from '../flow/context';
import {
  Booster,
  BusinessConfig,
  PackagePrice,
  Promotion,
  FlowStatusFlags,
  Msisdn,
  PhoneNumber,
  Product,
  SavedPlan,
  Session,
  SubPlan,
  SubPlanType,
} from './entities';

/**
 * Request and response payloads of SPEC section 7, one schema each. The server parses
 * requests with them (form bodies arrive as strings, hence the coercions) and the client
 * parses responses with them, so both sides speak one contract.
 */

const flowKeys = Object.values(FLOW_STATUS_KEYS) as number[];

/** Request headers the client sends (lower-case, as HTTP carries them). */
export const RequestHeaders = z.object({
  'api-version': z.string(),
  language: z.enum(['en', 'ar']),
  channel: z.string(),
  'device-id': z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be 8 to 128 letters, digits, - or _'),
  'device-os': z.string(),
  'session-id': z.string().optional(),
  'account-number': z.string().optional(),
  gclid: z.string().max(256).optional(),
});
export type RequestHeaders = z.infer<typeof RequestHeaders>;

// --- securitymanagement ---
export const LoginByDeviceIdResponse = Session;
export type LoginByDeviceIdResponse = z.infer<typeof LoginByDeviceIdResponse>;

// --- me ---
/**
 * The flags and, beside them, the flow contract's non-flag inputs (flow/context.ts). Optional
 * so a client reads an older server's answer too; this API always sends it.
 */
export const FlowStatusResponse = z.object({ flow_status_flags: FlowStatusFlags, flow_context: ServerFlowContext.optional() });
export type FlowStatusResponse = z.infer<typeof FlowStatusResponse>;

export const FlowStatusUpdateBody = z
  .object({
    key: z.coerce
      .number()
      .int()
      .refine((k) => flowKeys.includes(k), { message: `must be one of ${flowKeys.join(', ')}` }),
    value: z.string().max(64).optional(),
  })
  .strict();
export type FlowStatusUpdateBody = z.infer<typeof FlowStatusUpdateBody>;

export const CurrentTimestampResponse = z.object({ timestamp: z.number().int() });
export type CurrentTimestampResponse = z.infer<typeof CurrentTimestampResponse>;

// --- content and configuration ---
export const BizConfigResponse = BusinessConfig;
export const TranslationsQuery = z.object({ container_id: z.string().regex(/^[a-z0-9_-]{1,40}$/).default('web') }).strict();
export const TranslationsResponse = z.object({
  language: z.enum(['en', 'ar']),
  translations: z.record(z.string(), z.string()),
});
export type TranslationsResponse = z.infer<typeof TranslationsResponse>;

// --- products and plans ---
/** `tourist` selects the tourist product codes of SPEC section 9; the others are ProductCategory values. */
/**
 * PAYG lists the non-tourist pay-as-you-go products; customizable products (custom plan,
 * annual offer) are in no list: their pages read them through available_plans.
 */
export const ProductCategoryQuery = z.enum(['tourist', 'PAYG', 'Commitment', 'VIP']);
export type ProductCategoryQuery = z.infer<typeof ProductCategoryQuery>;
export const ProductsAvailableQuery = z.object({ category: ProductCategoryQuery.default('tourist') }).strict();
export const ProductsResponse = z.object({ products: z.array(Product) });
export type ProductsResponse = z.infer<typeof ProductsResponse>;

export const ProductsCurrentQuery = z.object({ save: z.enum(['true', 'false']).optional() }).strict();
export const ProductResponse = z.object({ product: Product });
export type ProductResponse = z.infer<typeof ProductResponse>;

export const ProductSaveBody = z.object({ product_code: z.coerce.number().int().positive() }).strict();

export const PlansAvailableQuery = z
  .object({
    plan_types: z
      .string()
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(SubPlanType).min(1))
      .optional(),
  })
  .strict();
export const PlansResponse = z.object({ plans: z.array(SubPlan) });

export const SavedPlansResponse = z.object({ product: Product.nullable(), save_plans: z.array(SavedPlan) });
export type SavedPlansResponse = z.infer<typeof SavedPlansResponse>;

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
  product_code: z.coerce.number().int().positive(),
  recharge_amount: z.coerce.number().nonnegative().max(10_000).optional(),
  booster_ids: idList('booster ids').optional(),
  promotion_keys: keyList.optional(),
  promo_code: PromoCodeText.optional(),
};
export const SavePlanBody = z.object(PlanChoice).strict();
export type SavePlanInput = z.input<typeof SavePlanBody>;
/** GET /plans/quote.json (our addition): the live price of a choice, computed as a save would. */
export const PlanQuoteQuery = z.object(PlanChoice).strict();
export const PlanQuoteResponse = z.object({ package_price: PackagePrice, promotions: z.array(Promotion) });
export type PlanQuoteResponse = z.infer<typeof PlanQuoteResponse>;

/** GET /products/available_plans(.json): the options of customizable products, per product. */
export const AvailablePlansQuery = z
  .object({
    product_codes: idList('product codes'),
    service_types: z
      .string()
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(SubPlanType).min(1))
      .optional(),
  })
  .strict();
export const AvailablePlansResponse = z.object({
  /** Per requested product: its options (filtered by service_types) and the product itself (name, duration, saving, promotions). */
  products: z.array(z.object({ product_code: z.number().int(), plans: z.array(SubPlan), product: Product })),
});
export type AvailablePlansResponse = z.infer<typeof AvailablePlansResponse>;

/** GET /boosters/{number}: boosters for the visitor's held number and the product. */
export const BoostersParams = z.object({ number: Msisdn }).strict();
export const BoostersQuery = z
  .object({
    product_code: z.coerce.number().int().positive(),
    plan_type: SubPlanType.optional(),
    /** Comma-separated tags a booster must all carry (for example weekend). */
    filters: z
      .string()
      .regex(/^[a-z0-9_-]{1,20}(,[a-z0-9_-]{1,20}){0,4}$/, 'must be comma-separated tags')
      .transform((s) => s.split(','))
      .optional(),
  })
  .strict();
export const BoostersResponse = z.object({ number: Msisdn, boosters: z.array(Booster) });
export type BoostersResponse = z.infer<typeof BoostersResponse>;

/** GET /promotions/check_promo_code_eligibility.json. */
export const PromoEligibilityQuery = z
  .object({
    promo_codes: z
      .string()
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(PromoCodeText).min(1).max(5)),
    product_code: z.coerce.number().int().positive(),
    /** The chosen sub-plan ids (a customizable product's options); defaults to all the product's plans. */
    selected_services: idList('sub-plan ids').optional(),
  })
  .strict();
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
export const PreferenceBody = z
  .object({
    PreferenceID: z.coerce
      .number()
      .int()
      .refine((n) => preferenceIds.includes(n), { message: `must be one of ${preferenceIds.join(', ')}` }),
    Value: z.enum(['true', 'false']),
  })
  .strict();
export const Preference = z.object({ PreferenceID: z.number().int(), Value: z.boolean() });
export const PreferencesResponse = z.object({ preferences: z.array(Preference) });
export type PreferencesResponse = z.infer<typeof PreferencesResponse>;
export const SavePlanResponse = z.object({ saved_plan: SavedPlan });
export type SavePlanResponse = z.infer<typeof SavePlanResponse>;

// --- numbers ---
export const NumbersResponse = z.object({ numbers: z.array(PhoneNumber) });
export type NumbersResponse = z.infer<typeof NumbersResponse>;
export const NumberBody = z.object({ number: Msisdn }).strict();
export const NumberResponse = z.object({ number: PhoneNumber });
export type NumberResponse = z.infer<typeof NumberResponse>;
export const RandomNumbersBody = z.object({ count: z.coerce.number().int().min(1).max(10).default(1) }).strict();

// --- number search, reservations, commit (issue 3) ---
/**
 * POST /numbers/search. `pattern` is the digits the subscriber part should contain or end
 * with (the 058 prefix is fixed); `match` says which (our field: SPEC 7 shows only pattern).
 * No total count: counting every match of a short pattern over the pool is the slow part,
 * so the answer says whether another page exists instead.
 */
export const NumberSearchBody = z
  .object({
    per_page: z.coerce.number().int().min(1).max(50).default(10),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pattern: z.string().regex(/^\d{0,7}$/, 'must be up to 7 digits').default(''),
    match: z.enum(['contains', 'ends_with']).default('contains'),
    vanity_level_ids: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'must be comma-separated vanity level ids')
      .transform((s) => s.split(',').map(Number))
      .pipe(z.array(z.number().int().refine((n) => [1, 2, 3, 4, 6, 10].includes(n), 'must be one of 1, 2, 3, 4, 6, 10')).min(1))
      .optional(),
  })
  .strict();
export type NumberSearchBody = z.input<typeof NumberSearchBody>;
export const NumberSearchResponse = z.object({
  numbers: z.array(PhoneNumber),
  page: z.number().int(),
  per_page: z.number().int(),
  has_more: z.boolean(),
});
export type NumberSearchResponse = z.infer<typeof NumberSearchResponse>;

/** A hold of the user: a pool number, or a transfer (MNP) with its temporary number. */
export const Reservation = z.object({
  reservation_id: z.number().int(),
  reservation_type: z.enum(['number', 'mnp']),
  number: PhoneNumber,
  committed: z.boolean(),
  /** How many more times the hold may be extended (WCAG 2.2.1: at least ten in all). */
  extensions_left: z.number().int().nonnegative(),
});
export type Reservation = z.infer<typeof Reservation>;
export const ReservationQuery = z
  .object({ reservation_types: z.string().regex(/^(number|mnp)(,(number|mnp))*$/).optional() })
  .strict();
export const ReservationsResponse = z.object({ reservations: z.array(Reservation) });
export type ReservationsResponse = z.infer<typeof ReservationsResponse>;
/** GET /numbers: no query lists the user's holds; reservation_ids filters them; random=true offers. */
export const NumbersQuery = z
  .object({
    reservation_ids: z.string().regex(/^\d+(,\d+)*$/, 'must be comma-separated reservation ids').optional(),
    random: z.enum(['true', 'false']).optional(),
  })
  .strict();
export const CommitNumberResponse = z.object({ reservation: Reservation });

// --- plans by vanity level (VIP) ---
export const PlansByVanityQuery = z.object({ number: Msisdn, vanity_level: z.coerce.number().int() }).strict();
export const PlansByVanityResponse = z.object({ products: z.array(Product) });
export type PlansByVanityResponse = z.infer<typeof PlansByVanityResponse>;

// --- transfer (MNP) ---
/** A UAE mobile number as typed: 05XXXXXXXX, or with the country code 9715XXXXXXXX. */
export const ExternalNumber = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(05\d{8}|9715\d{8})$/, 'must be a UAE mobile number, 05 then 8 digits'))
  .transform((s) => (s.startsWith('05') ? `971${s.slice(1)}` : s));
export const Operator = z.object({ code: z.string(), name: z.string() });
export type Operator = z.infer<typeof Operator>;
export const OperatorsResponse = z.object({ operators: z.array(Operator) });
export const MnpVerifyBody = z.object({ external_number: ExternalNumber, operator: z.string().regex(/^[a-z0-9_-]{1,32}$/) }).strict();
export const MnpVerifyResponse = z.object({ portable: z.literal(true), external_number: Msisdn, operator: Operator });
export const MnpReserveBody = z.object({ number: ExternalNumber, operator: z.string().regex(/^[a-z0-9_-]{1,32}$/) }).strict();
export const MnpReserveResponse = z.object({ reservation: Reservation });
