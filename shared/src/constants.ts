/**
 * Business constants of SPEC section 9, in one typed table. Nothing else in the
 * product writes these numbers as literals.
 */
export const API_VERSION = 'v34';
/** The business config call uses its own version (SPEC section 7). */
export const BIZ_CONFIG_API_VERSION = 'v1';
export const CHANNEL = 'Web';
export const DEVICE_OS = 'web';

export const SMS_PREFIX = '05';
/** Country code of the UAE, as carried in an MSISDN. */
export const UAE_COUNTRY_CODE = '971';

export const FREE_INTERNATIONAL_CALLING_NET_PRICE = 2600;
export const UNLIMITED = -1;
export const PLAN_TYPES_ORDER = ['DATA', 'VOICE-LCL', 'VOICE-INT'] as const;
export const UNIT_STEP = 1024;

/**
 * The tab's session-storage key of the delivery step's address draft (the pin, the area, the
 * form as typed): the delivery module writes it; the host forgets it when going back clears the
 * address data (clearsOnBack).
 */
export const DELIVERY_DRAFT_STORAGE_KEY = 'join.delivery.draft';
/** Where the visitor's session (store.ts StoredSession) survives a reload: localStorage. */
export const SESSION_STORAGE_KEY = 'join.session.v1';
/** The element around the server's first screen in the page (before the host's #root: step-contract.ts FirstScreenRender). */
export const FIRST_SCREEN_ID = 'join-first-screen';
/** Marks the control a visitor pressed on the server's first screen (the first-screen gate keeps it). */
export const FIRST_SCREEN_PRESSED = 'data-first-screen-pressed';
/**
 * On the server's first screen while a pointer pressed on it is still down (the first-screen gate
 * sets and clears it): the page's render waits for its release before it takes the screen's place,
 * for a click whose press and release fell either side of the swap is no click at all.
 */
export const FIRST_SCREEN_HELD = 'data-first-screen-held';
export const TRACKING_EVENT_TIMEOUT_MS = 3000;

export const CURRENCY = 'AED';

export const RETAIL_IDLE_MS_LONG = 180_000;
export const RETAIL_IDLE_MS_SHORT = 120_000;

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

