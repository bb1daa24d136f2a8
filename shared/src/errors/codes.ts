/**
 * SPEC section 8: server code -> message type, in one table. Components never switch on
 * raw codes; they get a message type (and from it a catalogue entry).
 */
const CODE_TABLE: ReadonlyArray<readonly [readonly number[], string]> = [
  [[-7109], 'payment_error_failed'],
  [[-107], 'login_credentials_error'],
  [[-7011], 'payment_error_insufficient'],
  [[-10012], 'payment_error_transaction_failed'],
  [[-7106], 'incorrect_details_temp_issue'],
  [[-7103], 'payment_error_fraud'],
  [[-7105], 'incorrect_cvv'],
  [[-7110], 'transaction_declined'],
  [[-7108], 'incorrect_details'],
  [[-7099, -7111, -10001, -10016, -10013, -10015, -7100, -7059, -7101], 'payment_error_general'],
  [[-2015], 'number_already_booked'],
  [[-405], 'number_in_transfer'],
  [[-440], 'wrong_operator'],
  [[-434], 'number_not_activated'],
  [[-401], 'delivery_unsupported_area'],
  [[-128], 'delivery_closed_area'],
  [[-2010], 'number_expired'],
  [[-116], 'blacklisted_sim_activation'],
  [[-10018], 'under_age'],
  [[-169, -578, -579, -584], 'max_sims_reached'],
  [[-606, -608], 'retry_scan'],
  [[-607], 'identity_api_failure'],
  [[-609], 'subscriber_id_mismatch'],
  [[-611, -612], 'residents_not_allowed_with_passport'],
  [[-614], 'residency_exists'],
  [[-615], 'expired_immigration_record'],
  [[-616], 'invalid_immigration_record'],
  [[-617], 'mismatched_identifier_expiry'],
  [[-618], 'expired_identifier'],
  [[-619], 'uncorrelated_identifiers'],
  [[-620], 'no_match'],
  [[-621], 'no_trusted_database_record'],
  [[-622], 'face_prints_of_multiple_persons'],
  [[-623], 'no_trusted_identifier'],
  [[-624, -625, -626, -627, -628, -629, -630, -631, -632, -633, -634, -635, -636, -637, -638], 'invalid_id_details'],
  [[-639], 'expired_date'],
  [[-640], 'mismatched_date_of_birth'],
  [[-641], 'mismatched_gender'],
  [[-642], 'unsupported_image_format'],
  [[-643], 'unsuitable_portrait'],
  [[-644], 'image_too_large'],
  [[-645], 'mismatched_hash'],
  [[-646], 'unsupported_tag'],
  [[-27, -7104, -7043, -199], 'session_expired'],
];

/** Client-side message keys of SPEC section 8 (no server code). */
export const CLIENT_MESSAGE_TYPES = [
  'non_eligible_card',
  'spotii_error',
  'non_recurring_card',
  'captcha_error',
  'nonce_error',
  'password_already_set',
  'account_with_terminated_number',
] as const;

export const SERVER_MESSAGE_TYPES = [...new Set(CODE_TABLE.map(([, type]) => type))] as const;
export type ServerMessageType = string;
export type MessageType = ServerMessageType | (typeof CLIENT_MESSAGE_TYPES)[number] | 'error_general';

const BY_CODE: ReadonlyMap<number, string> = new Map(
  CODE_TABLE.flatMap(([codes, type]) => codes.map((c) => [c, type] as const)),
);

/** Every server code the catalogue knows. */
export const KNOWN_SERVER_CODES: readonly number[] = [...BY_CODE.keys()];

/** Codes that end the session: the client logs out (SPEC sections 4 and 8). */
export const LOGOUT_CODES: readonly number[] = [-27, -7104, -7043, -199];
/** The session code recovered silently by device-id login, with no pop-up. */
export const SESSION_RECOVERY_CODE = -27;

/** Error codes of our own API for failures section 8 has no code for (bad input and the like). */
export const API_ERROR_CODES = {
  badRequest: 'bad_request',
  notFound: 'not_found',
  flowOrder: 'flow_order',
  rateLimited: 'rate_limited',
  internal: 'internal',
  /** SPEC 8 "promo invalid or expired" and "promo not supported": the code is the message type. */
  promoInvalid: 'promo_invalid',
  promoNotSupported: 'promo_not_supported',
  /** SPEC 8 "promo cancel error": DELETE /promotions/cancel with no code on the saved plan. */
  promoCancelError: 'promo_cancel_error',
  /** An opt-in promotion asked for without its consent (the streaming offer without preference 4). */
  consentRequired: 'consent_required',
  /**
   * A call for a step the user may not be on now (SPEC 2 access rules, checked by the API
   * with the host's own rule functions); 409, and the body names the step.
   */
  stepNotAllowed: 'step_not_allowed',
  /**
   * An address past its per-address threshold (live holds, reserve budget) is asked to
   * solve a proof-of-work challenge (POST /numbers/challenge) and to send the solution again,
   * not refused: many visitors share one address behind airport, hotel and carrier NAT. 428.
   * A wrong, reused or expired solution answers SPEC 8's client key captcha_error ("Captcha invalid").
   */
  captchaRequired: 'captcha_required',
} as const;

/**
 * Our string codes of a paid order (the payment domain's PAYMENT_ERROR_CODES): the plan or
 * the number cannot change while a payment is open; an order that changed before the capture was
 * given back; a payment the visitor cancelled.
 */
const ORDER_LOCK_CODES = ['payment_open', 'order_changed', 'payment_cancelled'] as const;

/**
 * Our string codes of a 3-D Secure check (PAYMENT_ERROR_CODES): failed at the bank, or
 * not completed. SPEC 8 has no code that says either (-7110 is "only three card brands").
 */
const THREE_DS_CODES = ['three_ds_failed', 'three_ds_cancelled'] as const;

/** Our string codes that name their SPEC 8 message type directly. */
const MESSAGE_TYPE_CODES: readonly string[] = [
  API_ERROR_CODES.rateLimited,
  API_ERROR_CODES.promoInvalid,
  API_ERROR_CODES.promoNotSupported,
  API_ERROR_CODES.promoCancelError,
  API_ERROR_CODES.stepNotAllowed,
  ...ORDER_LOCK_CODES,
  ...THREE_DS_CODES,
];

/**
 * Our string codes shown as another catalogue item: an expired verification code (the account
 * domain's ACCOUNT_ERROR_CODES.codeExpired) is SPEC 8's "Code expired".
 */
const STRING_CODE_TYPES: ReadonlyMap<string, string> = new Map([['verification_code_expired', 'code_expired']]);

/** Message type of a server code; anything unknown is error_general (SPEC section 8). */
export function messageTypeForCode(code: number | string | null | undefined): MessageType {
  const n = typeof code === 'string' && /^-?\d+$/.test(code) ? Number(code) : code;
  if (typeof n === 'string' && STRING_CODE_TYPES.has(n)) return STRING_CODE_TYPES.get(n) as string;
  if (typeof n === 'number') return BY_CODE.get(n) ?? 'error_general';
  if (typeof n === 'string' && (CLIENT_MESSAGE_TYPES as readonly string[]).includes(n)) return n;
  if (typeof n === 'string' && MESSAGE_TYPE_CODES.includes(n)) return n;
  return 'error_general';
}

export function isLogoutCode(code: unknown): boolean {
  return typeof code === 'number' && LOGOUT_CODES.includes(code);
}
