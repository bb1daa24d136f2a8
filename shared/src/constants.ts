/**
 * Business constants of SPEC section 9, in one typed table. Nothing else in the
 * product writes these numbers as literals.
 */
export const API_VERSION = 'v34';
/** The business config call uses its own version (SPEC section 7). */
export const BIZ_CONFIG_API_VERSION = 'v1';
export const CHANNEL = 'Web';
export const DEVICE_OS = 'web';

export const TOURIST_PRODUCT_CODES = [187, 188, 196, 199, 206, 207, 208] as const;
export type TouristProductCode = (typeof TOURIST_PRODUCT_CODES)[number];

export const SEARCH_PAGE_SIZE = 10;
export const DEFAULT_SHUFFLE_VANITY_IDS = [1, 2] as const;
export const SEARCH_DEFAULT_VANITY_LEVELS = [1, 2, 3, 4, 6, 10] as const;
export const NUMBER_SEARCH_PREFIX = '058';
export const SMS_PREFIX = '05';
/** Country code of the UAE, as carried in an MSISDN. */
export const UAE_COUNTRY_CODE = '971';

export const AUTOCOMPLETE_MIN_CHARS = 4;
export const AUTOCOMPLETE_TIMEOUT_MS = 500;
export const FREE_INTERNATIONAL_CALLING_NET_PRICE = 2600;
export const UNLIMITED = -1;
export const PLAN_TYPES_ORDER = ['DATA', 'VOICE-LCL', 'VOICE-INT'] as const;
export const SAVED_PLAN_FETCH_DELAY_MS = 500;
export const UNIT_STEP = 1024;

export const MAP_DEFAULT_ZOOM = 10;
export const MAP_LONG_PRESS_MS = 500;
export const MAP_CLICK_MS = 300;
/**
 * The tab's session-storage key of the delivery step's address draft (the pin, the area, the
 * form as typed): the delivery module writes it; the host forgets it when going back clears the
 * address data (clearsOnBack).
 */
export const DELIVERY_DRAFT_STORAGE_KEY = 'join.delivery.draft';
export const TRACKING_EVENT_TIMEOUT_MS = 3000;

export const CURRENCY = 'AED';
/** Fallback only: the live VAT comes from business config (vat_percentage). */
export const DEFAULT_VAT_PERCENTAGE = 5;

export const RETAIL_IDLE_MS_LONG = 180_000;
export const RETAIL_IDLE_MS_SHORT = 120_000;
export const RETAIL_COUNTDOWN_S = 120;
export const RETAIL_POLL_S = 30;

/** Marketing facts of SPEC section 1. */
export const MARKETING = {
  moneyBackDays: 3,
  deliveryMinutes: 60,
  commitmentSavings: { 6: 30, 12: 50 },
  vipPlanMonths: 12,
  streamingOfferMonths: 3,
  streamingOfferMinPlanAed: 150,
  paygFromAed: 50,
  referralUpToAed: 150,
} as const;

/** Configured flags of SPEC section 9. */
export const FEATURE_FLAGS = {
  numberWarning: true,
  history: true,
  googleLogin: true,
  appleLogin: false,
  facebookLogin: false,
  applePay: false,
  promoCodes: false,
  cashback: false,
  chat: false,
  retailFlow: false,
  /** The experiment that skips /number/confirmation for a non-VIP choice. */
  skipNumberConfirmation: false,
} as const;

/** Flow-status keys posted to POST /me/flow_status (SPEC section 4). */
export const FLOW_STATUS_KEYS = {
  randomNumber: 5,
  numberChosen: 12,
  planSaved: 13,
  numberCancelled: 115,
} as const;
export type FlowStatusKey = (typeof FLOW_STATUS_KEYS)[keyof typeof FLOW_STATUS_KEYS];

/** Vanity level ids (SPEC section 3 and 9). Diamond is 6: the search default levels list 6. */
export const VANITY_LEVELS = { basic: 1, basicPlus: 2, bronze: 3, gold: 4, diamond: 6, red: 10 } as const;
export type VanityTier = 'bronze' | 'gold' | 'diamond' | 'red';
export const VANITY_TIER_BY_ID: Readonly<Record<number, VanityTier>> = {
  3: 'bronze',
  4: 'gold',
  6: 'diamond',
  10: 'red',
};

/** Preference ids (SPEC section 3). Newsletter has two readings in the source; both kept. */
export const PREFERENCE_IDS = {
  musicService: 4,
  newsletterConfig: 3,
  newsletterHelper: 10,
  shareWithBnpl: 9,
} as const;

/** How long a number is held for a session. The spec does not give it; 15 minutes is ours (README). */
export const DEFAULT_NUMBER_HOLD_SECONDS = 15 * 60;
/** When the hold countdown starts warning (WCAG 2.2.1: a way to extend before it ends). */
export const NUMBER_HOLD_WARNING_SECONDS = 120;

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

/** SPEC 5 feedback text: up to 50 characters, none of these. */
export const FEEDBACK_MAX_LENGTH = 50;
export const FEEDBACK_FORBIDDEN_CHARS = ['<', '>', '{', '}', '(', ')', '_', '*', '^', '#'] as const;
