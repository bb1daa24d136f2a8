import { z } from 'zod';

/** Flow status flags (SPEC section 3). Missing flags read as false. */
export const FlowStatusFlags = z.object({
  is_plan_selected: z.boolean().default(false),
  is_number_selected: z.boolean().default(false),
  is_plan_paid: z.boolean().default(false),
  is_sim_delivered: z.boolean().default(false),
  is_delivery_in_progress: z.boolean().default(false),
  is_sim_activated: z.boolean().default(false),
  is_logged_in_via_email: z.boolean().default(false),
  has_password: z.boolean().default(false),
  is_product_selected: z.boolean().default(false),
  has_vip: z.boolean().default(false),
  is_resident_done: z.boolean().default(false),
  is_id_verified: z.boolean().default(false),
});
export type FlowStatusFlags = z.infer<typeof FlowStatusFlags>;
export const FLOW_FLAG_NAMES = Object.keys(FlowStatusFlags.shape) as (keyof FlowStatusFlags)[];
export const EMPTY_FLOW_FLAGS: FlowStatusFlags = FlowStatusFlags.parse({});

export const ProductCategory = z.enum(['PAYG', 'Commitment', 'VIP']);
export type ProductCategory = z.infer<typeof ProductCategory>;

export const SubPlanType = z.enum(['DATA', 'VOICE-LCL', 'VOICE-INT']);
export type SubPlanType = z.infer<typeof SubPlanType>;

/** A sub-plan: Value is bytes for DATA, milliseconds for voice; -1 is unlimited. */
export const SubPlan = z.object({
  ID: z.number().int(),
  Type: SubPlanType,
  Name: z.string(),
  Value: z.number().int(),
  Validity: z.number().int().positive(),
  DailyAllowanceValue: z.number().int().nullable().default(null),
  /**
   * Our addition: the net price (AED, before VAT) of this option when the product is built
   * from options (the custom plan and the annual offer, IsCustomizable); null in a fixed bundle.
   */
  NetPrice: z.number().nonnegative().nullable().default(null),
});
export type SubPlan = z.infer<typeof SubPlan>;

export const ExtraCharge = z.object({ Name: z.string(), Amount: z.number() });
export type ExtraCharge = z.infer<typeof ExtraCharge>;

/** Our addition: a price reduction the server applied (Name is the promotion Key, Amount positive AED). */
export const Discount = z.object({ Name: z.string(), Amount: z.number().nonnegative() });
export type Discount = z.infer<typeof Discount>;

/**
 * Prices in AED, all computed by the server. NetPrice = PlanNetPrice + extra charges - discounts
 * (never below 0); VAT is on top of NetPrice (SPEC section 3). The amount to pay is
 * NetPrice + VATAmount.
 */
export const PackagePrice = z.object({
  NetPrice: z.number(),
  PlanNetPrice: z.number(),
  VATPercentage: z.number(),
  VATAmount: z.number(),
  ExtraCharges: z.array(ExtraCharge).default([]),
  Discounts: z.array(Discount).default([]),
});
export type PackagePrice = z.infer<typeof PackagePrice>;

export const PromotionCategory = z.enum(['AmountDiscount', 'PercentageDiscount', 'AddOn', 'CashBack', 'RecurringData', 'MGM']);
export type PromotionCategory = z.infer<typeof PromotionCategory>;

/**
 * A promotion (SPEC section 3). Value by category: AmountDiscount AED off; PercentageDiscount
 * percent off the plan net price; AddOn an extra allowance of Type (DATA bytes, VOICE-LCL /
 * VOICE-INT milliseconds) or, Type STREAMING, a streaming subscription; CashBack AED back;
 * RecurringData bytes added every month; MGM AED per referred friend (up to MaxValue).
 * Plan is the sub-plan type it adds to, when it adds to one.
 */
export const Promotion = z.object({
  ID: z.number().int(),
  Key: z.string(),
  Category: PromotionCategory,
  Type: z.string(),
  Value: z.number(),
  Plan: z.string().nullable().default(null),
  IsUserPromo: z.boolean().default(false),
  /** Our addition: how many months it lasts (RecurringData, the streaming offer); null for once. */
  DurationMonths: z.number().int().positive().nullable().default(null),
  /** Our addition: a cap (MGM: up to AED 150 in all); null for none. */
  MaxValue: z.number().nullable().default(null),
  /** Our addition: true when the visitor must opt in (with a consent) to get it: the streaming offer. */
  RequiresConsent: z.boolean().default(false),
});
export type Promotion = z.infer<typeof Promotion>;

/** A booster (our reading of GET /boosters/{number}): an extra allowance bought with the plan. */
export const Booster = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Type: SubPlanType,
  /** Bytes for DATA, milliseconds for voice (as a sub-plan). */
  Value: z.number().int().positive(),
  Validity: z.number().int().positive(),
  NetPrice: z.number().nonnegative(),
  Tags: z.array(z.string()).default([]),
});
export type Booster = z.infer<typeof Booster>;

export const Product = z.object({
  ProductCode: z.number().int(),
  Name: z.string(),
  ProductCategory,
  /** Months. */
  CommitmentDuration: z.number().int().positive(),
  AvailablePlans: z.array(SubPlan),
  PackagesPricingTable: z.array(PackagePrice),
  AllowedFeatures: z.array(z.object({ Code: z.string() })).default([]),
  Promotions: z.array(Promotion).default([]),
  /** Our addition: built from options, one per type (the custom plan, the annual offer). */
  IsCustomizable: z.boolean().default(false),
  /** Our addition: what a commitment saves against paying month by month (6 months 30, 12 months 50). */
  CommitmentSavingPercentage: z.number().nonnegative().nullable().default(null),
  /** Our addition: the monthly price without the commitment saving (AED, before VAT); null without one. */
  ListNetPrice: z.number().nonnegative().nullable().default(null),
  /** Our addition: VIP products only, the vanity level of the numbers they are sold with. */
  VanityLevel: z.number().int().nullable().default(null),
});
export type Product = z.infer<typeof Product>;

export const SavedPlan = z.object({
  ID: z.number().int(),
  product: Product,
  Plans: z.array(SubPlan),
  PackagePrice,
  Promotions: z.array(Promotion).default([]),
  PromotionKeys: z.array(z.string()).default([]),
  VanityLevel: z.number().int().nullable().default(null),
  /** Our addition: boosters bought with the plan (their prices are in PackagePrice.ExtraCharges). */
  Boosters: z.array(Booster).default([]),
  /** Our addition: the promo code redeemed with the plan, if any. */
  PromoCode: z.string().nullable().default(null),
});
export type SavedPlan = z.infer<typeof SavedPlan>;

/** MSISDN: 971 followed by the nine national digits (for example 971581234567). */
export const Msisdn = z.string().regex(/^9715\d{8}$/, 'must be a UAE mobile MSISDN: 9715 then 8 digits');

export const PhoneNumber = z.object({
  MSISDN: Msisdn,
  InTransferTo: z.string().nullable().default(null),
  VanityLevelId: z.number().int(),
  /** ISO 8601; present once reserved. */
  ReservationDate: z.string().nullable().default(null),
  ExpiryDate: z.string().nullable().default(null),
});
export type PhoneNumber = z.infer<typeof PhoneNumber>;

export const ErrorButton = z.object({
  label: z.string(),
  action: z.string(),
});
export type ErrorButton = z.infer<typeof ErrorButton>;

/** The error object of SPEC section 3, as the host's pop-up shows it. */
export const ErrorObject = z.object({
  type: z.string(),
  title: z.string(),
  text: z.string(),
  code: z.union([z.number(), z.string()]).nullable().default(null),
  buttons: z.array(ErrorButton).max(2).default([]),
});
export type ErrorObject = z.infer<typeof ErrorObject>;

export const AppRating = z.object({ count: z.number().int().nonnegative(), rating: z.number().min(0).max(5) });
/**
 * Our addition: how a visitor reaches the operator (the help modal shows them). The phone in
 * international digits without '+', shown grouped; opening hours in UAE time, or null when
 * the team answers around the clock. Any of phone, chat and e-mail may be absent.
 */
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM');
export const SupportContacts = z.object({
  phone: z.string().regex(/^[1-9]\d{6,14}$/, 'must be international digits without +').nullable().default(null),
  // Plain regexes: the page's zod shares only the basic builders (shared-modules/zod.ts).
  chat_url: z.string().regex(/^https:\/\/[^\s"'<>]+$/, 'must be an https address').nullable().default(null),
  email: z.string().regex(/^[^\s@"'<>]+@[^\s@"'<>]+\.[A-Za-z]{2,}$/, 'must be an e-mail address').nullable().default(null),
  hours: z.object({ opens: ClockTime, closes: ClockTime }).nullable().default(null),
});
export type SupportContacts = z.infer<typeof SupportContacts>;

export const BusinessConfig = z.object({
  vat_percentage: z.number().nonnegative(),
  min_promo_code_length: z.number().int().nonnegative(),
  max_promo_code_length: z.number().int().positive(),
  maintenance_mode: z.string().nullable().default(null),
  enable_convert_websignup: z.boolean().default(false),
  smart_banner_apps_rating: z.array(z.object({ Android: AppRating, iOS: AppRating })).default([]),
  /** Our addition: promo codes are off by configuration (SPEC 9); true turns the field on. */
  promo_codes_enabled: z.boolean().default(false),
  /** Our addition: ways to reach the operator; null hides them. */
  support: SupportContacts.nullable().default(null),
  /** Our addition: the retail flow (SPEC 9: a configured flag, off; the sandbox's seed turns it on). */
  retail_flow: z.boolean().default(false),
  /**
   * Our addition (issue 28): the tag manager's script, an https address the deployment configures
   * (JOIN_TAG_MANAGER_URL); null (the default): no tag-manager script is loaded. The page loads it
   * only after the visitor's yes to analytics, and never on a shop device.
   */
  tag_manager_url: z
    .string()
    .regex(/^https:\/\/[^\s"'<>]+$/, 'must be an https address')
    .nullable()
    .default(null),
  /**
   * Our addition: the experiment of SPEC 4 that skips /number/confirmation for a non-VIP choice
   * (the Continue of /number commits the number itself). Off unless the server turns it on
   * (JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION); the number step reads it here.
   */
  skip_number_confirmation: z.boolean().default(false),
});
export type BusinessConfig = z.infer<typeof BusinessConfig>;

export const Session = z.object({
  session_id: z.string().min(1),
  profile: z.object({ uid: z.string().min(1) }),
});
export type Session = z.infer<typeof Session>;

/** Error body of every failed API call: the SPEC section 8 code and a human message. */
export const ApiErrorBody = z.object({
  code: z.union([z.number(), z.string()]),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
