import type { HoldLimits } from '../modules/numbers/holds';
import type {
  Booster,
  DocumentDetails,
  DocumentKind,
  FacePrompt,
  DocumentSide,
  ImageSource,
  SimType,
  RequestHeaders,
  BusinessConfig,
  Operator,
  PackagePrice,
  ProductCategory,
  Promotion,
  ResidentType,
  ServerFlowContext,
} from '@join/shared/contract';
import type { CardBrand, EmirateCode, Instalment, OpeningPeriod, OrderKind, OrderStatus } from '@join/shared/contract';
import type { CatalogueProduct } from '../modules/catalogue/catalogue';
import type { RetentionCutoffs, RetentionReport } from '../modules/flow/retention';
import type { FailureRecord } from '../modules/account/login-throttle';
import type { CodeRecord } from '../modules/account/verification-codes';
import type { FlowFlagChange, FlowState } from '../modules/flow/flow-state';
import type { PromotionRule } from '../modules/catalogue/promotions';
import type { SoldDocument } from '../modules/identity/sim-limit';

/**
 * The one boundary between the API and its database. Routes call these operations and never
 * write SQL, so a PostgreSQL implementation can replace the embedded SQLite one for
 * multi-instance deployments. Every method is async for that reason, even though SQLite
 * answers synchronously. Each method that changes more than one row is one transaction.
 */
export interface UserRecord {
  uid: string;
  deviceId: string;
}

import type { LoginMethod } from '../platform/http/session-auth';

export type { LoginMethod };

export interface SessionRecord {
  uid: string;
  deviceId: string;
  createdAt: number;
  lastSeenAt: number;
  /** Set on a session a login upgraded (SPEC 6 "logged-in user"); null on a device-id session. */
  accountId: string | null;
  loginMethod: LoginMethod | null;
}

/** An account: an e-mail (lower-cased), with a password or not. */
export interface AccountRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  emailVerifiedAt: number | null;
  createdAt: number;
}

/** A social login's identity: the issuer's stable subject, and the e-mail it vouches for. */
export interface SocialIdentity {
  issuer: string;
  subject: string;
  /** Lower-cased, verified by the provider. */
  email: string;
}

export type SocialLinkResult =
  /** The identity was linked before. */
  | { kind: 'known'; account: AccountRecord }
  /** First time: linked to the existing account of its e-mail. */
  | { kind: 'linked'; account: AccountRecord }
  /** First time, no account of that e-mail: a new one without a password. */
  | { kind: 'created'; account: AccountRecord };

export interface TerminatedNumberRecord {
  msisdn: string;
  terminatedAt: number;
}

/** A read-modify-write of one e-mail's code row, decided by a pure rule (domain/verification-codes.ts). */
export type CodeUpdate<T> = (current: CodeRecord | null) => { next: CodeRecord | undefined; result: T };

export interface NumberRecord {
  msisdn: string;
  vanityLevel: number;
}

/** A transfer (MNP) hold: the external number the held pool number stands in for. */
export interface TransferRecord {
  externalMsisdn: string;
  operatorCode: string;
}

/** A user's hold of a pool number: a plain reservation, or the temporary number of a transfer. */
export interface HoldRecord extends NumberRecord {
  /** Unique over time: a new claim gets a new id, an extension keeps it. */
  reservationId: number;
  reservedAt: number;
  heldUntil: number;
  extensions: number;
  committed: boolean;
  transfer: TransferRecord | null;
}

/** A saved plan: the choice, and its price and applied promotions as computed when it was saved. */
export interface NewSavedPlan {
  productCode: number;
  planIds: number[];
  boosterIds: number[];
  /** Opt-in promotions the visitor asked for. */
  promotionKeys: string[];
  promoCode: string | null;
  price: PackagePrice;
  appliedPromotions: Promotion[];
}

export interface SavedPlanRecord extends NewSavedPlan {
  id: number;
}

export interface PreferenceRecord {
  preferenceId: number;
  value: boolean;
}

/** A note from the help modal (SPEC 2 and 5), with who sent it, from where, and when. */
export interface NewFeedback {
  uid: string;
  deviceId: string;
  text: string;
  /** The route the modal was open on, and its flow step (null outside the steps). */
  route: string;
  step: string | null;
  language: 'en' | 'ar';
  createdAt: number;
}

export interface FeedbackRecord extends NewFeedback {
  id: number;
}

export type ReserveResult =
  | { kind: 'reserved' | 'extended'; hold: HoldRecord }
  | { kind: 'extension_limit' }
  | { kind: 'unknown' }
  | { kind: 'taken' }
  /** This account or device let go of the number lately: it may claim it again from `until`. */
  | { kind: 'cooling_off'; until: number }
  /** An anti-hoarding limit is reached (which one is said, not to whom else it applies). */
  | { kind: 'hold_limit'; limit: 'per_number' | 'claims' | 'address' }
  /** A payment of the user is open: its number cannot be let go for another (issue 23). */
  | { kind: 'payment_open' };
export type TransferReserveResult =
  | { kind: 'reserved' | 'extended'; hold: HoldRecord }
  | { kind: 'extension_limit' }
  | { kind: 'payment_open' }
  /** Another user holds a live transfer of this external number. */
  | { kind: 'in_transfer' }
  | { kind: 'no_temporary_number' };
/** not_held covers someone else's hold, a free number and an unknown one alike: holds are private. */
export type CancelResult = 'cancelled' | 'expired' | 'not_held' | 'payment_open';
/** none: no hold at all; expired: the user's hold has ended but is not swept yet. */
export type CommitResult = { kind: 'committed'; hold: HoldRecord } | { kind: 'expired' } | { kind: 'none' };
/** The languages names are answered in (the request's `language` header). */
export type NameLanguage = RequestHeaders['language'];
/** What has a name in every language: a product, a product's plan, a booster, an operator. */
export type NameKind = 'product' | 'sub_plan' | 'booster' | 'operator';
export type ProductFilter = { codes: readonly number[] } | { category: ProductCategory } | { vipVanityLevel: number };

export interface NumberSearch {
  /** 0 to 7 digits of the subscriber part (after 97158); empty matches any number. */
  pattern: string;
  match: 'contains' | 'ends_with';
  vanityLevels: readonly number[];
  limit: number;
  offset: number;
}

export interface ExternalSubscriberRecord {
  msisdn: string;
  operatorCode: string;
  status: 'active' | 'in_transfer' | 'not_activated';
}

// --- the identity check (issue 12): a pending check with its images, and the decisions ---

/** One side of the document as received: the image (kept until the decision) and what was read from it. */
export interface NewDocumentSide {
  side: DocumentSide;
  image: Buffer;
  source: ImageSource;
  /** The authority's reading of the machine-readable zone; null for a side without one (an Emirates ID front). */
  document: DocumentDetails | null;
  /** The authority found a face on it: the portrait the selfie is compared with. */
  faceFound: boolean;
}

export interface DocumentSideRecord extends NewDocumentSide {
  receivedAt: number;
}

/** A check under way: one per user, live until its decision or expiresAt. */
export interface IdentityCheckRecord {
  kind: DocumentKind;
  startedAt: number;
  expiresAt: number;
  /** What the machine-readable zone said, once the side carrying it is in. */
  details: DocumentDetails | null;
  /** When the selfie matched the document's portrait; null until then (or after a new side). */
  faceMatchedAt: number | null;
  /** 'passed': the face answered the server's live challenge (issue 23: never the client's word). */
  liveness: 'passed' | null;
  /** The authority's person whose reference portrait the face matched; null when it holds none for the document. */
  facePersonRef: string | null;
  /** In the order of DOCUMENT_SIDES. */
  sides: DocumentSideRecord[];
}

/** A face challenge as stored: bound to one session (by its token hash) and its user. */
export interface NewFaceChallenge {
  uid: string;
  nonceHash: string;
  prompt: FacePrompt;
  issuedAt: number;
  expiresAt: number;
}
export interface FaceChallengeRecord {
  uid: string;
  prompt: FacePrompt;
  expiresAt: number;
}

/** A decision, as stored for good: the document's kind, number, dates and the outcome; never an image. */
export interface NewIdentityDecision {
  outcome: 'verified' | 'refused';
  /** SPEC 8 code of a refusal; null when verified. */
  code: number | null;
  documentKind: DocumentKind;
  documentNumber: string;
  expiryDate: string;
  birthDate: string;
  residentType: ResidentType;
  simType: SimType;
  /** The authority's reference of the person (verified only). */
  personRef: string | null;
  liveness: 'passed' | null;
  decidedAt: number;
  /**
   * The account that made the check (issue 23: a verification is the account's, not the
   * device's); null only on decisions recorded before accounts were tied to them.
   */
  accountId: string | null;
  /** The name on the document (given names and surname, as read), for a pickup's hand-over. */
  holderName: string | null;
}

export interface IdentityDecisionRecord extends NewIdentityDecision {
  id: number;
}

/**
 * What a decision does besides being recorded, in the same transaction: a pass sets its flag
 * (resident_done also opens the delivery form) and deletes the pending check with its images;
 * a refusal keeps the check, drops only the face match, or deletes it all.
 */
export type IdentityDecisionEffect =
  | { kind: 'verified'; flag: 'id_verified' | 'resident_done' }
  | { kind: 'refused'; pending: 'keep' | 'drop_face' | 'drop_all' };

// --- payment (issue 13) ---

export type PaymentStatus = 'pending' | 'requires_action' | 'captured' | 'declined';

/**
 * Thrown by a write that would change what an open payment is buying (the saved plan, the current
 * product): the route answers 409 payment_open (issue 23). The routes check first, with the
 * provider asked about the open payment; the store checks again inside the write's transaction,
 * so two requests racing cannot slip a change under a payment that starts meanwhile.
 */
/** placeOrder: the order's document already has the most SIMs the operator sells to one (issue 23). */
export class SimLimitReachedError extends Error {
  constructor(readonly sold: number) {
    super('this identity document already has the most SIMs sold to one document');
    this.name = 'SimLimitReachedError';
  }
}

export class PaymentOpenError extends Error {
  constructor() {
    super('a payment of this user is open: its plan and number cannot change');
    this.name = 'PaymentOpenError';
  }
}

/**
 * What a payment buys, recorded when it starts (issue 23): the saved plan row and the hold's claim
 * it was priced from, the choice and the price. Capture requires both still to be the user's
 * (the same saved plan row, the same claim of the number); receipt, orders and e-mails read this
 * record, never the live saved plan or hold.
 */
export interface RecordedOrder {
  savedPlanId: number;
  reservationId: number;
  planIds: number[];
  boosterIds: number[];
  promotionKeys: string[];
  promoCode: string | null;
  price: PackagePrice;
}

/**
 * Money given back for an attempt that did not become a purchase: refunded (a card charge, or a
 * BNPL capture), voided (a BNPL approval withdrawn, or a 3-D Secure check abandoned: nothing was
 * taken), pending (it could not be given back yet: retried on the next confirm and by the sweep).
 */
export interface PaymentRefund {
  status: 'pending' | 'refunded' | 'voided';
  ref: string | null;
  at: number | null;
}

/** One attempt to pay, as it starts: the amounts the server computed (fils), what is bought, for whom. */
export interface NewPayment {
  /** pay_…: our reference at the provider. */
  id: string;
  uid: string;
  method: 'card' | 'bnpl';
  /** The client's Idempotency-Key: one row per (uid, key). */
  idempotencyKey: string;
  /** What the attempt asked (a hash): the same key with another request is refused. */
  requestHash: string;
  amountFils: number;
  vatFils: number;
  vatPercentage: number;
  recurring: boolean;
  productCode: number;
  productName: string;
  msisdn: string;
  email: string;
  /** BNPL: the plan of instalments offered; null for a card. */
  instalments: Instalment[] | null;
  /** What is being bought (issue 23). */
  order: RecordedOrder;
  /** The verified document it is sold to (issue 23): a user's verified decision names it; counted per document. */
  document: SoldDocument;
  /** The number's hold lasts at least until then from the start (the provider's window and a grace). */
  holdUntil: number;
  createdAt: number;
}

export interface PaymentRecord extends Omit<NewPayment, 'order' | 'holdUntil' | 'document'> {
  /** null only for an attempt started before migration 18. */
  document: SoldDocument | null;
  /** null only for an attempt started before issue 23 (migration 16), which recorded no more than product and number. */
  order: RecordedOrder | null;
  refund: PaymentRefund | null;
  status: PaymentStatus;
  /** The provider's charge or checkout id, once it answered. */
  providerRef: string | null;
  /** 3-D Secure page or BNPL checkout page while requires_action. */
  actionUrl: string | null;
  cardBrand: CardBrand | null;
  cardLast4: string | null;
  /** A declined attempt's code: SPEC 8's number, or a client key (non_eligible_card, spotii_error, …). */
  declineCode: number | string | null;
  /** The human reference of a captured payment (JN-XXXX-XXXX). */
  receiptReference: string | null;
  capturedAt: number | null;
  updatedAt: number;
}

/**
 * created: a new row (status pending); replay: this key's row, whatever its state; in_progress:
 * another attempt of this user is pending or awaiting the provider; paid: the user has a
 * captured payment; conflict: the key was used for another request; order_changed: the saved plan or
 * the hold is no longer the one the caller priced (it changed between the pricing and this write).
 */
export type StartPaymentResult =
  | { kind: 'created' | 'replay'; payment: PaymentRecord }
  | { kind: 'order_changed' }
  | { kind: 'in_progress'; payment: PaymentRecord }
  | { kind: 'paid'; payment: PaymentRecord }
  | { kind: 'key_reused' }
  | { kind: 'max_sims'; sold: number };

/** A move of a payment that is not a capture (a capture is capturePayment). */
export type PaymentUpdate =
  | { status: 'pending' | 'requires_action'; providerRef: string | null; actionUrl: string | null; cardBrand?: CardBrand | null; cardLast4?: string | null }
  | {
      status: 'declined';
      declineCode: number | string;
      providerRef?: string | null;
      cardBrand?: CardBrand | null;
      cardLast4?: string | null;
      /** Money given back for it (issue 23); absent keeps what is recorded. */
      refund?: PaymentRefund;
    };

/** captured: as before; order_changed: the order is no longer what the payment recorded: nothing was captured. */
export type CaptureResult =
  | { kind: 'captured'; payment: PaymentRecord; newly: boolean }
  | { kind: 'order_changed'; payment: PaymentRecord }
  /** The document already has `simsPerDocument` SIMs sold (issue 23): nothing written. */
  | { kind: 'max_sims'; payment: PaymentRecord; sold: number };

export interface PaymentCapture {
  providerRef: string;
  cardBrand: CardBrand | null;
  cardLast4: string | null;
  receiptReference: string;
}

// --- delivery (issue 14) ---

/** A delivery zone (seeded reference data): where a courier comes, and when. */
export interface DeliveryZoneRecord {
  id: string;
  name: string;
  emirate: EmirateCode;
  /** GeoJSON Polygon coordinates: rings of [lng, lat], the outer ring first. */
  polygon: [number, number][][];
  /** Weekly opening hours, local UAE time. */
  hours: OpeningPeriod[];
  /** How long a courier takes once booked. */
  etaMinutes: number;
}

/** A store to collect the SIM from (seeded reference data), named in both languages. */
export interface StoreLocationRecord {
  id: string;
  name: { en: string; ar: string };
  address: { en: string; ar: string };
  emirate: EmirateCode;
  lat: number;
  lng: number;
  hours: OpeningPeriod[];
}

export interface OrderDelivery {
  lat: number;
  lng: number;
  address: string;
  address2: string;
  instructions: string;
  /** International form, digits only (971501234567). */
  phone: string;
}

/** An order as it is placed: one per user (delivery, store pickup, or an instant eSIM). */
export interface NewOrder {
  /** ord_…: our key at the providers (their idempotency keys derive from it). */
  id: string;
  uid: string;
  /** What the visitor and the e-mail see (JN-D-XXXX-XXXX). */
  orderNumber: string;
  kind: OrderKind;
  /** The first status: received (delivery, pickup) or issued (eSIM). */
  status: OrderStatus;
  delivery: OrderDelivery | null;
  storeId: string | null;
  /** What is left to pay (cash on delivery, or at the store), in fils. */
  amountDueFils: number;
  msisdn: string;
  /** A delivery: the expected arrival (ms) as promised when ordered; the courier's own later. */
  eta: number | null;
  createdAt: number;
  /** The account the order is for (issue 23); null only on orders placed before orders had one. */
  accountId: string | null;
  /** The verified identity the order is bound to; null only on orders placed before (issue 23). */
  identity: OrderIdentity | null;
}

/**
 * The identity check an order is bound to, as it was when placed (issue 23): the database refuses
 * an order without a verified decision of its user and account for its kind of SIM.
 */
export interface OrderIdentity {
  decisionId: number;
  documentKind: DocumentKind;
  /** The document number with all but its last three characters masked (••••••123). */
  documentNumberMasked: string;
  /** The authority's reference of the person. */
  personRef: string | null;
  /** The name on the document, for the store desk. */
  holderName: string | null;
  verifiedAt: number;
}

export interface OrderEsimProfile {
  profileId: string;
  smdpAddress: string;
  matchingId: string;
}

export interface OrderRecord extends Omit<NewOrder, 'eta'> {
  /** Each status reached, with when (ms), oldest first. */
  history: { status: OrderStatus; at: number }[];
  /** The courier's job, once booked. */
  courierJobId: string | null;
  /** The courier's expected arrival (ms), while on the way. */
  eta: number | null;
  /** The eSIM profile, once issued. */
  esim: OrderEsimProfile | null;
  /** When the provider was last asked for news (GET /me/order asks at most every few seconds). */
  refreshedAt: number | null;
  updatedAt: number;
}

/** A move of an order; what is absent stays as it is. A final status (delivered, collected, installed) never moves. */
export interface OrderUpdate {
  status?: OrderStatus;
  history?: { status: OrderStatus; at: number }[];
  courierJobId?: string;
  eta?: number | null;
  esim?: OrderEsimProfile;
  refreshedAt?: number;
}

/** How often a hold may be extended, and what to claim a transfer's temporary number from. */
export interface HoldPolicy {
  maxExtensions: number;
  temporaryVanityLevels: readonly number[];
  /** Anti-hoarding limits checked on a new claim (domain/holds.ts); none when absent. */
  limits?: HoldLimits | undefined;
}

/** Who is claiming, besides the account: what the anti-hoarding limits count by. */
export interface Claimant {
  deviceId: string;
  /** The client address key (IPv4, or an IPv6 /64). */
  address: string;
}

export interface Store {
  // --- users and sessions; session ids are stored only as hashes ---
  findOrCreateUser(deviceId: string, uid: string, now: number): Promise<UserRecord>;
  createSession(tokenHash: string, user: UserRecord, now: number): Promise<void>;
  findSession(tokenHash: string): Promise<SessionRecord | null>;
  touchSession(tokenHash: string, now: number): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /**
   * A login, in one transaction: the old session is deleted, a new one carrying the account and
   * the login method is created (a new token: no fixation, ASVS V7.2.4), and the device user
   * is linked to the account. The user keeps its flow state (plan, number). false (nothing
   * written) when the old session no longer exists.
   */
  upgradeSession(oldTokenHash: string, newTokenHash: string, user: UserRecord, accountId: string, method: LoginMethod, now: number): Promise<boolean>;
  /** Logout: deletes the session; an account session also unlinks its device user from the account. */
  endSession(tokenHash: string): Promise<void>;
  /** Stores a social-login nonce (hashed) on the session, replacing any earlier one. */
  setSocialNonce(tokenHash: string, nonceHash: string, expiresAt: number): Promise<void>;
  /** Takes the session's nonce hash if it is still live, and clears it either way (single use). */
  takeSocialNonce(tokenHash: string, now: number): Promise<string | null>;
  /** Removes sessions idle since before `idleBefore` or created before `createdBefore`. */
  deleteStaleSessions(idleBefore: number, createdBefore: number): Promise<number>;

  // --- accounts (issue 11); e-mails are passed lower-cased ---
  findAccountByEmail(email: string): Promise<AccountRecord | null>;
  findAccountById(id: string): Promise<AccountRecord | null>;
  /** The account of a proven e-mail (a code was validated): created when new, marked verified. */
  findOrCreateVerifiedAccount(email: string, newId: string, now: number): Promise<AccountRecord>;
  /** Sets the password only if the account has none; false when it already had one. */
  setPasswordIfNone(accountId: string, passwordHash: string): Promise<boolean>;
  /** The account of a social identity, linking or creating it the first time (one transaction). */
  findOrLinkSocialAccount(identity: SocialIdentity, newId: string, now: number): Promise<SocialLinkResult>;
  /** Lines terminated for the e-mail's former account, oldest first. */
  listTerminatedNumbers(email: string): Promise<TerminatedNumberRecord[]>;
  /** Reads, decides and writes the e-mail's code row in one transaction. */
  updateVerificationCode<T>(email: string, update: CodeUpdate<T>): Promise<T>;
  getLoginFailures(keys: readonly string[]): Promise<FailureRecord[]>;
  /** Records one failure on each key in one transaction; `next` computes each key's new row. */
  recordLoginFailures(keys: readonly string[], next: (previous: FailureRecord | null, key: string) => FailureRecord): Promise<FailureRecord[]>;
  clearLoginFailures(key: string): Promise<void>;
  /**
   * Housekeeping: removes code rows whose code and hourly window both ended before `codesBefore`,
   * and failure rows quiet (last failure and lock both over) since before `failuresBefore`.
   */
  pruneAccountRecords(codesBefore: number, failuresBefore: number): Promise<number>;

  // --- flow state of a user (the facts flags are derived from) ---
  getFlowState(uid: string, now: number): Promise<FlowState>;
  updateFlowFlags(uid: string, change: FlowFlagChange): Promise<void>;

  // --- flow context: the access rules' inputs that are not flags (flow/context.ts) ---
  // Each setter belongs to the one endpoint that owns its input (see api/README.md).
  getFlowContext(uid: string): Promise<ServerFlowContext>;
  /** The device-id login with the retail start parameter. */
  setRetail(uid: string, retail: boolean): Promise<void>;
  /** The location check; null forgets the answer. */
  setInsideUae(uid: string, inside: boolean | null): Promise<void>;
  /** The id details. */
  setResidentType(uid: string, type: ResidentType | null): Promise<void>;
  /** The delivery form. */
  setDeliveryForm(uid: string, present: boolean): Promise<void>;
  /** The e-mail check: the entered e-mail when it belongs to a terminated account, else null. */
  setTerminatedEmail(uid: string, email: string | null): Promise<void>;
  /** Going back to the id check (SPEC 2, step 6): residency and delivery form are asked again. */
  clearIdCheckAnswers(uid: string): Promise<void>;
  /**
   * Going back from the first address step to the residency check (SPEC 2): residency, SIM type,
   * delivery form and the resident validation are cleared, so the answers and the identity check
   * are asked again. Does nothing once the plan is paid.
   */
  clearResidency(uid: string): Promise<void>;

  // --- the identity check (issue 12); everything per user: nobody reads another's check ---
  /**
   * The activation method's answers (POST /me/activation_method), in one transaction: a
   * residency other than the stored one deletes the pending check and its images (a passport
   * is not an Emirates ID). Answers whether it did.
   */
  setActivationMethod(uid: string, residentType: ResidentType, simType: SimType): Promise<{ droppedPendingCheck: boolean }>;
  /** The user's live pending check with its images; null when none or expired (expiresAt <= now). */
  getIdentityCheck(uid: string, now: number): Promise<IdentityCheckRecord | null>;
  /**
   * Stores one side (replacing that side), in one transaction: starts a check of `kind` when
   * there is none live (an expired one or one of another kind is replaced, it lives `ttlMs`),
   * sets the check's details when given, and forgets any face match (the document changed).
   */
  saveDocumentSide(
    uid: string,
    accountId: string,
    kind: DocumentKind,
    side: NewDocumentSide,
    details: DocumentDetails | null,
    now: number,
    ttlMs: number,
  ): Promise<IdentityCheckRecord>;
  /** The selfie matched: recorded on the live check (the selfie itself is never stored). false: no live check. */
  setFaceMatched(uid: string, liveness: 'passed', now: number, personRef: string | null): Promise<boolean>;
  /**
   * A face challenge (issue 23) for the session, replacing any earlier one: the nonce's hash, the
   * prompt, until `expiresAt`.
   */
  setFaceChallenge(tokenHash: string, challenge: NewFaceChallenge): Promise<void>;
  /**
   * Takes the session's face challenge (deleted whatever it is: a challenge serves one attempt)
   * and answers it if it is still live and its nonce hash is `nonceHash`; else null.
   */
  takeFaceChallenge(tokenHash: string, nonceHash: string, now: number): Promise<FaceChallengeRecord | null>;
  /** Deletes the user's pending check and its images (if any). */
  deleteIdentityCheck(uid: string): Promise<void>;
  /**
   * Records a decision and applies its effect, in one transaction (identity flags only move
   * forward; a pass makes the decision's account the one the flags count for).
   */
  recordIdentityDecision(uid: string, decision: NewIdentityDecision, effect: IdentityDecisionEffect): Promise<void>;
  /** The user's decisions, oldest first. */
  listIdentityDecisions(uid: string): Promise<IdentityDecisionRecord[]>;
  /** The latest verified decision of this user made by this account; null when none (issue 23). */
  getVerifiedDecision(uid: string, accountId: string): Promise<IdentityDecisionRecord | null>;
  /** Housekeeping: deletes checks (and images) that expired at or before `now`. */
  deleteExpiredIdentityChecks(now: number): Promise<number>;

  // --- catalogue (reference data; prices are the domain's to compute) ---
  // Names (of products, their plans, boosters, operators) come in `language`, English where a
  // name has no translation; everything else (ids, prices) is the same in every language.
  listCatalogue(filter: ProductFilter, language?: NameLanguage): Promise<CatalogueProduct[]>;
  getCatalogueProduct(code: number, language?: NameLanguage): Promise<CatalogueProduct | null>;
  /** Promotions a visitor opts in to (linked to no product, behind no code): the streaming offer. */
  listOptInPromotions(): Promise<PromotionRule[]>;
  /** The promotion behind a promo code (upper case), ended or not; null for an unknown code. */
  findPromoCode(code: string): Promise<PromotionRule | null>;
  listBoosters(language?: NameLanguage): Promise<Booster[]>;
  /** null when the user never chose a product (the default applies). */
  getCurrentProductCode(uid: string): Promise<number | null>;
  /** Throws PaymentOpenError for another product while a payment of the user is open. */
  setCurrentProduct(uid: string, code: number, markSaved: boolean): Promise<void>;

  // --- saved plan: one per user; saving replaces it and makes its product current ---
  getSavedPlan(uid: string): Promise<SavedPlanRecord | null>;
  /** Throws PaymentOpenError while a payment of the user is open (its saved plan is what it buys). */
  replaceSavedPlan(uid: string, plan: NewSavedPlan, now: number): Promise<SavedPlanRecord>;

  // --- preferences (SPEC 3): one value per user and preference id ---
  getPreferences(uid: string): Promise<PreferenceRecord[]>;
  setPreference(uid: string, preferenceId: number, value: boolean): Promise<void>;

  // --- feedback (help modal): kept as sent, never changed ---
  addFeedback(feedback: NewFeedback): Promise<FeedbackRecord>;
  /** The user's feedback, newest first, at most `limit`. */
  listFeedback(uid: string, limit: number): Promise<FeedbackRecord[]>;

  // --- content and configuration ---
  getBusinessConfig(): Promise<BusinessConfig>;
  getTranslations(containerId: string, language: string): Promise<Record<string, string>>;

  // --- payment (issue 13): per user; nobody reads another's payment ---
  /**
   * In one transaction: the row of (uid, key) if there is one (replay, or key_reused when its
   * request hash differs), else paid when the user has a captured payment, in_progress when
   * another attempt is pending or requires_action, order_changed when the saved plan row or the
   * hold's claim is no longer the one `payment.order` names (or the hold has ended), else a new
   * pending row, and the hold kept at least until `payment.holdUntil` (issue 23: the provider's
   * window). A partial unique index keeps one open attempt per user even when two processes race.
   * max_sims (before any row is written) when `payment.document` already has `simsPerDocument`
   * SIMs sold to other users (countSimsSold; MAX_SIMS_PER_DOCUMENT by default): the early look,
   * the capture counts again.
   */
  startPayment(payment: NewPayment, simsPerDocument?: number): Promise<StartPaymentResult>;
  /** The user's payment of that id; null for an unknown id or another user's. */
  getPayment(uid: string, id: string): Promise<PaymentRecord | null>;
  /** The user's captured payment, if any. */
  getCapturedPayment(uid: string): Promise<PaymentRecord | null>;
  /** The user's attempt under way (pending or requires_action), if any. */
  getOpenPayment(uid: string): Promise<PaymentRecord | null>;
  /** Moves a payment that is not captured; null when there is no such payment or it is captured. */
  updatePayment(uid: string, id: string, update: PaymentUpdate, now: number): Promise<PaymentRecord | null>;
  /**
   * The capture, in one transaction: the payment captured with its receipt reference, the
   * user's plan_paid set, and the user's hold of the bought number kept for good. Idempotent:
   * capturing a captured payment changes nothing (newly false). null: no such payment.
   * Only while the recorded order still holds (orderHolds): else nothing is written and the
   * answer is order_changed (issue 23). Only while the payment's document has fewer than
   * `simsPerDocument` SIMs sold to other users, counted in the same transaction: else nothing is
   * written and the answer is max_sims (issue 23).
   */
  capturePayment(uid: string, id: string, capture: PaymentCapture, now: number, simsPerDocument?: number): Promise<CaptureResult | null>;
  /**
   * SIMs sold to this document (issue 23): the users other than `exceptUid` with a captured
   * payment made to it, or an order bound to a verified decision of it (a cash-on-delivery sale).
   */
  countSimsSold(document: SoldDocument, exceptUid: string): Promise<number>;
  /**
   * Whether the payment's recorded order is still the user's (issue 23): the same saved plan row,
   * and the same claim of the number still in the user's name (live, or lapsed with nobody else
   * holding it: the capture takes it back). A payment without a record: its number held by the
   * user and a saved plan of its product.
   */
  orderHolds(uid: string, id: string): Promise<boolean>;
  /** Attempts that gave money back only in part: a refund still to make (the sweep retries them). */
  listPendingRefunds(limit: number): Promise<PaymentRecord[]>;

  // --- delivery (issue 14): zones and stores are reference data; orders are per user ---
  listDeliveryZones(): Promise<DeliveryZoneRecord[]>;
  listStoreLocations(): Promise<StoreLocationRecord[]>;
  getStoreLocation(id: string): Promise<StoreLocationRecord | null>;
  /**
   * Places the user's one order, in one transaction: when the user has none, inserts it (its
   * first status in the history) and, with keepHold, keeps the user's hold of the order's number
   * for good, as a capture does (a cash-on-delivery SIM is not paid yet, but its number is
   * promised). When the user already has an order (a double click, a second tab, a retry), changes
   * nothing and answers that order (created false). A unique index keeps one order per user
   * even when two processes race. An order of a user with no captured payment (cash on delivery,
   * or paid at the store) is a sale of its own: when its identity's document already has
   * `simsPerDocument` SIMs sold to others (MAX_SIMS_PER_DOCUMENT by default), nothing is written
   * and SimLimitReachedError is thrown (issue 23).
   */
  placeOrder(order: NewOrder, keepHold: boolean, simsPerDocument?: number): Promise<{ created: boolean; order: OrderRecord }>;
  /** The user's order; null when none. Nobody reads another user's order. */
  getOrder(uid: string): Promise<OrderRecord | null>;
  /** Moves the user's order; null when there is no such order. A final status is kept (the update is ignored). */
  updateOrder(uid: string, id: string, update: OrderUpdate, now: number): Promise<OrderRecord | null>;
  /** Withdraws an order no provider took (no courier job, no eSIM profile); false when it has one or is gone. */
  withdrawOrder(uid: string, id: string): Promise<boolean>;

  // --- numbers: a hold is live while held_until > now; anything else is free ---
  getActiveHold(uid: string, now: number): Promise<HoldRecord | null>;
  /**
   * Claims `msisdn` until `heldUntil`, releasing the user's previous hold, all or nothing.
   * The user's own live hold of `msisdn` is extended instead, at most policy.maxExtensions times
   * (never shortened: a payment may hold it longer). A new claim while a payment of the user is
   * open is payment_open.
   */
  reserveNumber(uid: string, msisdn: string, now: number, heldUntil: number, policy: HoldPolicy, claimant?: Claimant): Promise<ReserveResult>;
  /**
   * Releases the user's hold of `number` (a pool number, or the external number of a transfer);
   * a cancel also moves a multi-month product back to `defaultProductCode`. payment_open while a
   * payment of the user is open.
   */
  cancelHold(uid: string, number: string, now: number, defaultProductCode: number): Promise<CancelResult>;
  /** Marks the user's live hold committed (idempotent); the expiry does not move. */
  commitHold(uid: string, now: number): Promise<CommitResult>;
  /** Up to `count` distinct free numbers of the given vanity levels, spread at random over the pool. */
  pickFreeNumbers(count: number, vanityLevels: readonly number[], now: number, random: () => number): Promise<NumberRecord[]>;
  /** Free numbers matching the search, in a stable order (so pages do not overlap). */
  searchFreeNumbers(search: NumberSearch, now: number): Promise<NumberRecord[]>;

  // --- transfer (MNP) ---
  listOperators(language?: NameLanguage): Promise<Operator[]>;
  getExternalSubscriber(msisdn: string): Promise<ExternalSubscriberRecord | null>;
  /** Who holds a live transfer of the external number, if anyone. */
  getTransferHolder(externalMsisdn: string, now: number): Promise<string | null>;
  /**
   * In one transaction: releases the user's hold (any type), claims a random free number of
   * policy.temporaryVanityLevels as the temporary number, and records the transfer on it.
   * The user's own live transfer of the same external number is extended instead. A new claim
   * while a payment of the user is open is payment_open.
   */
  reserveTransfer(
    uid: string,
    transfer: TransferRecord,
    now: number,
    heldUntil: number,
    policy: HoldPolicy,
    random: () => number,
  ): Promise<TransferReserveResult>;
  /** Housekeeping: clears holds that ended before `before`; reads already treat them as free. */
  releaseExpiredHolds(before: number): Promise<number>;

  /**
   * Housekeeping, the retention schedule (domain/retention.ts), in one transaction: a visitor
   * whose sale (order, else captured payment) is older than saleBefore, and a visitor who bought
   * nothing and whose last step (first visit, identity decision, payment attempt) is older than
   * unsoldVisitorBefore, are deleted with everything of theirs (orders, payments, identity
   * decisions, saved plan, feedback), unless still there (a live session, a number held);
   * payment attempts that took no money, created before uncapturedPaymentBefore; feedback sent
   * before feedbackBefore. Nothing deleted stays readable in the database's files.
   */
  applyRetention(cutoffs: RetentionCutoffs): Promise<RetentionReport>;

  close(): Promise<void>;
}
