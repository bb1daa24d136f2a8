/**
 * The plans domain's constants (SPEC section 9): product codes, plan categories, top-ups, VAT fallback.
 */
export const TOURIST_PRODUCT_CODES = [187, 188, 196, 199, 206, 207, 208] as const;
/** Fallback only: the live VAT comes from business config (vat_percentage). */
export const DEFAULT_VAT_PERCENTAGE = 5;
export const SAVED_PLAN_FETCH_DELAY_MS = 500;
/**
 * Customizable products (our codes): the custom plan (/plan-selection/custom-plan, month by
 * month) and the annual offer (/plan-selection/annual-offer, a 12-month commitment). Both are
 * built from options, one per sub-plan type, read from /products/available_plans.
 */
export const CUSTOM_PLAN_PRODUCT_CODE = 300;
export const ANNUAL_OFFER_PRODUCT_CODE = 312;
/** The streaming-service offer (SPEC 1): an opt-in promotion that needs the music-service consent (preference 4). */
export const STREAMING_PROMOTION_KEY = 'streaming_music_3m';
/** The plan categories the plan step shows, in order; `plantype` at start picks one (or a builder page). */
export const PLAN_CATEGORIES = ['tourist', 'PAYG', 'Commitment', 'VIP'] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];
/** Top-up amounts offered with a pay-as-you-go plan (AED); charged as the RechargeAmount extra charge. */
export const RECHARGE_AMOUNTS = [0, 25, 50, 100] as const;
