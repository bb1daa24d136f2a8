import { mergeMigrations } from './platform/db/migrations';
import { SESSION_MIGRATIONS } from './platform/sessions/migrations';
import { ACCOUNT_MIGRATIONS } from './modules/account/migrations';
import { CATALOGUE_MIGRATIONS } from './modules/catalogue/migrations';
import { CONTENT_MIGRATIONS } from './modules/content/migrations';
import { CONSENT_MIGRATIONS } from './modules/consent/migrations';
import { MEASUREMENT_MIGRATIONS } from './modules/measurement/migrations';
import { FLOW_MIGRATIONS } from './modules/flow/migrations';
import { FULFILMENT_MIGRATIONS } from './modules/fulfilment/migrations';
import { IDENTITY_MIGRATIONS } from './modules/identity/migrations';
import { NUMBERS_MIGRATIONS } from './modules/numbers/migrations';
import { PAYMENT_MIGRATIONS } from './modules/payment/migrations';
import { RETAIL_MIGRATIONS } from './modules/retail/migrations';
import { REFERENCE_VERSION_MIGRATIONS } from './platform/reference-versions/migrations';
import { LIMITS_MIGRATIONS } from './platform/limits/migrations';

/**
 * The schema's history: every version number with its name, in one place, so two teams never
 * take the same number (existing databases record them in schema_migrations). Each folder's
 * migrations.ts holds its own SQL for the versions it has a part in. A new migration is a line
 * here and a part in the folder that owns the tables it changes.
 */
export const SCHEMA_HISTORY: ReadonlyMap<number, string> = new Map([
  [1, 'initial schema'],
  [2, 'number search, reservations, VIP tiers, transfer (MNP)'],
  [3, 'plans: prices, promotions, boosters, preferences'],
  [4, 'flow context: the access rules inputs that are not flags'],
  [5, 'names in other languages: products, their plans, boosters, operators'],
  [6, 'feedback from the help modal'],
  [7, 'hold ledger: who held which number, from where and until when (anti-hoarding)'],
  [8, 'accounts: e-mail and social logins, verification codes, login throttle, terminated numbers'],
  [9, 'identity check: SIM type, the identity flags, pending checks and their images, decisions'],
  [10, 'payment: payments (fils, one row per idempotency key, one open attempt per user) and the paid flag'],
  [11, 'delivery: zones and stores (reference data), and one order per user with its status history'],
  [12, 'going back to the residency check may clear the resident validation, before any payment or order'],
  [13, 'a sale bound to a verified person: identity per account, orders that carry their identity decision, retired devices'],
  [14, 'an e-mail tells nothing before it is proven; password failures per e-mail at an address'],
  [15, 'retention: indexes for the sweep that deletes what is past its time'],
  [16, 'payment: what a payment buys is recorded when it starts (saved plan row, hold claim, choice, price), and money given back'],
  [17, 'face check: a live challenge per session (nonce hashed, prompt, expiry), and whose reference portrait the face matched'],
  [18, 'SIMs sold per document: the verified document a payment sells to, counted at the capture and at a cash-on-delivery order'],
  [19, "transfer: the other operators' subscribers are the number-portability lookup's (a provider over HTTP), no longer a table of ours"],
  [20, 'payment: pay at the counter (a third method, on the shop terminal the attempt records)'],
  [21, 'retail: shops, staff, enrolled shop devices and their pairing codes, staff and manager credentials, retail customer sessions, the append-only audit'],
  [22, 'reference data versions: translations, business config and catalogue, moved by triggers on every change, so their answers can be cached'],
  [23, "consent: the legal texts by code, version and language (never changed once published), and each visitor's choices (append-only, gone with the visitor)"],
  [24, "promotions: the operator's marketing offers (GET /cms/offers) with their texts per language, and each paying account's referral code"],
  [25, 'measurement: steps reached per visitor-day (a daily key, never a device id), web vital samples and error pop-up counts by day, for the operations summary'],
  [26, "smart banner: the app's store listings (name in both languages, rating out of 5, count, link), the one source of GET /cms/rating_list and the business config's smart_banner_apps_rating"],
  [27, "referrals: a referrer's credit for each friend's paid order that carried their code (once per order and per friend account, capped at the programme's MaxValue)"],
  [28, "shared limits: request budgets' windows, the transfer check's numbers, the collector's daily salt (counted in PostgreSQL across instances; empty on the embedded database)"],
]);

/**
 * Every version with all its parts. Within a version the folders' parts run in this order: the
 * reference versions' row, the visitors (every module's rows refer to them), then the modules in
 * the order of the flow.
 */
export const MIGRATIONS = mergeMigrations(SCHEMA_HISTORY, [
  // The reference versions' row first: the modules' triggers of the same version update it.
  REFERENCE_VERSION_MIGRATIONS,
  SESSION_MIGRATIONS,
  LIMITS_MIGRATIONS,
  CATALOGUE_MIGRATIONS,
  NUMBERS_MIGRATIONS,
  ACCOUNT_MIGRATIONS,
  IDENTITY_MIGRATIONS,
  PAYMENT_MIGRATIONS,
  FULFILMENT_MIGRATIONS,
  FLOW_MIGRATIONS,
  CONTENT_MIGRATIONS,
  CONSENT_MIGRATIONS,
  RETAIL_MIGRATIONS,
  MEASUREMENT_MIGRATIONS,
]);

export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;
