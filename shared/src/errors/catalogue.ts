/**
 * The error catalogue of SPEC section 8 in one typed table: for every message type (the
 * server types of codes.ts, the client-side keys, error_general, and the client types below)
 * the English title, text and buttons of its pop-up. Components never write error texts;
 * they raise a message type and the host shows errorObjectFor(type).
 *
 * Contracts:
 * - At most two buttons per entry (SPEC section 2 "Error pop-ups").
 * - An entry with no buttons shows OK with redirect (ok_clear_error_redirect) (SPEC section 8);
 *   fatal_config is the exception: it offers only a reload, since without the business
 *   config there is no home to go to.
 * - Translations: `errors.<type>.title`, `errors.<type>.text`, and `errors.buttons.<label id>`
 *   for a button label, with the English text here as the fallback.
 * Where the spec names a catalogue item without its words, the words here are ours: short,
 * plain, saying what happened and what to do next.
 */
import type { ErrorButton, ErrorObject } from '../schemas/entities';
import { CLIENT_MESSAGE_TYPES, SESSION_RECOVERY_CODE, messageTypeForCode } from './codes';

/**
 * Button actions. The first five are the acknowledgement actions of SPEC section 4; the rest
 * are the other button actions there, plus resend_code (Code expired: "Resend code"), reload
 * (fatal_config) and go_to_payment (payment_open: the payment page, where the open payment is
 * finished or cancelled).
 */
export const ERROR_ACTIONS = [
  'ok_clear_error_redirect',
  'ok_clear_error_get_status',
  'ok_clear_error',
  'max_sims_redirect',
  'redirect_to_app_chat',
  'change_card',
  'retry_payment',
  'continue_payment',
  'reset_transfer',
  'redirect_to_info_page',
  'clear_and_redirect',
  'retry',
  'resend_code',
  'reload',
  'go_to_payment',
] as const;
export type ErrorAction = (typeof ERROR_ACTIONS)[number];

/** Button labels: an id (the translation key) and the English text. SPEC section 8 lists most of them. */
export const ERROR_BUTTON_LABELS = {
  ok: 'OK',
  retry: 'Retry',
  close: 'Close',
  more_info: 'More Info',
  continue: 'Continue',
  message_us: 'Message Us',
  start_chat: 'Start chat',
  change_card: 'Change card',
  resend_code: 'Resend code',
  new_number: 'Get a new number',
  reload: 'Reload',
  go_to_payment: 'Go to payment',
} as const;
export type ErrorButtonLabel = keyof typeof ERROR_BUTTON_LABELS;

export interface CatalogueButton {
  readonly label: ErrorButtonLabel;
  readonly action: ErrorAction;
}

export interface CatalogueEntry {
  readonly title: string;
  readonly text: string;
  readonly buttons: readonly CatalogueButton[];
}

/** Fixed titles of SPEC section 8. */
export const ERROR_TITLES = { ohNo: 'Oh no!', uhOh: "Uh-oh! Something's gone wrong." } as const;
const { ohNo, uhOh } = ERROR_TITLES;

function b(label: ErrorButtonLabel, action: ErrorAction): CatalogueButton {
  return { label, action };
}
const OK_CLEAR = b('ok', 'ok_clear_error');
// Entries that would only offer this leave their buttons empty and get it as the fallback.
const OK_HOME = b('ok', 'ok_clear_error_redirect');
const CLOSE = b('close', 'ok_clear_error');
const CHANGE_CARD = b('change_card', 'change_card');
const RETRY_PAYMENT = b('retry', 'retry_payment');
const MESSAGE_US = b('message_us', 'redirect_to_app_chat');
const SCAN_AGAIN = b('retry', 'ok_clear_error');

function entry(title: string, text: string, ...buttons: CatalogueButton[]): CatalogueEntry {
  return { title, text, buttons };
}

/** Client-side types of ours for catalogue items that have no server code in SPEC section 8. */
const EXTRA_CLIENT_MESSAGE_TYPES = [
  'fatal_config',
  'code_expired',
  'link_code_error',
  'payment_error_declined',
  'send_sms_error',
  'unrecognized_number',
  'promo_invalid',
  'promo_not_supported',
  'promo_cancel_error',
  'email_already_registered',
  'orders_link_invalid',
  'step_not_allowed',
  'rate_limited',
  'payment_open',
  'order_changed',
  'payment_cancelled',
  'three_ds_failed',
  'three_ds_cancelled',
] as const;

export const ERROR_CATALOGUE = {
  error_general: entry('Something went wrong', 'Please try again. If it keeps happening, message us and we will help.', b('retry', 'retry')),
  fatal_config: entry(uhOh, "We couldn't load the page. Check your connection, then reload.", b('reload', 'reload')),
  session_expired: entry('Session expired', 'For your security, your session has ended. Please start again.'),

  // The API refused a call for a step the visitor may not be on (their state moved on, in
  // another tab for example): reload the flow status and go where the flow now is.
  // Our API's budgets and anti-hoarding limits (api/README.md "Limits"): a wait, not a failure.
  rate_limited: entry('Please wait a moment', "You've tried this many times in a short while. Please wait a few minutes, then try again.", OK_CLEAR),
  step_not_allowed: entry(ohNo, "This step isn't open to you right now. We'll take you to where you left off.", b('ok', 'ok_clear_error_get_status')),

  // --- login and account ---
  login_credentials_error: entry(ohNo, 'Wrong email or password. Check them and try again.', OK_CLEAR),
  code_expired: entry('Verification code expired', 'Your code has expired. We can send you a new one.', b('resend_code', 'resend_code'), CLOSE),
  link_code_error: entry(ohNo, 'This link is not valid. Please check the link we sent to your email.'),
  captcha_error: entry(ohNo, "We couldn't confirm you're not a robot. Please try again.", OK_CLEAR),
  nonce_error: entry(uhOh, "We couldn't complete your sign-in. Please try again.", OK_CLEAR),
  send_sms_error: entry(uhOh, "We couldn't send the SMS. Check the number and try again.", OK_CLEAR),
  unrecognized_number: entry(ohNo, "We don't recognise this number. Check it and try again.", OK_CLEAR),
  password_already_set: entry(ohNo, 'This account already has a password. Log in with it instead.', OK_CLEAR),
  email_already_registered: entry(ohNo, 'This email is already registered. Log in with it instead.', OK_CLEAR),
  account_with_terminated_number: entry(
    ohNo,
    'This email belongs to an account with a terminated number. You can use another email or find out more.',
    b('more_info', 'redirect_to_info_page'),
    CLOSE,
  ),
  orders_link_invalid: entry(ohNo, 'This orders link is invalid or has expired.'),
  under_age: entry(ohNo, 'You need to be 18 or older to get a SIM.'),
  max_sims_reached: entry(
    ohNo,
    "You've reached the maximum number of SIMs allowed for one person.",
    b('more_info', 'max_sims_redirect'),
    b('close', 'ok_clear_error_redirect'),
  ),

  // --- numbers and transfer ---
  number_expired: entry(
    'Number reservation expired',
    'We held your number as long as we could. Get a new number to carry on.',
    b('new_number', 'ok_clear_error_get_status'),
  ),
  number_already_booked: entry(
    ohNo,
    'Someone has just booked this number. Pick another one from the refreshed list.',
    b('ok', 'ok_clear_error_get_status'),
  ),
  number_not_activated: entry(ohNo, "This number isn't active with its current operator, so it can't be transferred.", b('ok', 'reset_transfer')),
  wrong_operator: entry(ohNo, "This number isn't with the operator you chose. Check the operator and try again.", OK_CLEAR),
  number_in_transfer: entry(ohNo, 'This number is already being transferred.', b('ok', 'reset_transfer'), MESSAGE_US),

  // --- payment ---
  // A failure that may pass (general, transaction failed, a temporary issue) offers to retry and
  // to change the card: Escape answers the first button, so a card that keeps failing must not
  // leave Retry as the only way out.
  payment_error_general: entry(uhOh, "Your payment didn't go through. Please try again.", RETRY_PAYMENT, CHANGE_CARD),
  payment_error_fraud: entry(ohNo, "We couldn't accept this card. Use another card or message us.", CHANGE_CARD, MESSAGE_US),
  payment_error_declined: entry(ohNo, 'Your card was declined. Please use another card.', CHANGE_CARD),
  payment_error_insufficient: entry(ohNo, "Your card doesn't have enough funds. Please use another card.", CHANGE_CARD),
  payment_error_failed: entry(ohNo, 'Your card seems to have expired. Please use another card.', CHANGE_CARD),
  payment_error_transaction_failed: entry(uhOh, 'The transaction failed. Please try again.', RETRY_PAYMENT, CHANGE_CARD),
  incorrect_details: entry(ohNo, 'Some card details are incorrect. Please check them and try again.', OK_CLEAR),
  incorrect_details_temp_issue: entry(uhOh, "We couldn't check your card details just now. Please try again.", RETRY_PAYMENT, CHANGE_CARD),
  incorrect_cvv: entry(ohNo, 'The CVV is incorrect. Check the 3 digits on the back of your card (4 on the front for American Express).', OK_CLEAR),
  transaction_declined: entry(ohNo, 'We accept Visa, Mastercard and American Express only. Please use one of these cards.', CHANGE_CARD),
  non_eligible_card: entry(ohNo, "This card can't be used here. Please use another card.", CHANGE_CARD),
  non_recurring_card: entry(ohNo, "This card doesn't allow recurring payments. Please use another card.", CHANGE_CARD),
  spotii_error: entry(uhOh, "Paying in instalments didn't work this time. You can try again or pay by card.", RETRY_PAYMENT, b('continue', 'continue_payment')),
  // What a payment buys cannot change while it is open, and an order that changed
  // before the capture is given back.
  payment_open: entry(
    'Finish or cancel the payment first',
    "You have a payment open for this plan and number, so they can't change now. Finish the payment, or cancel it on the payment page, then make your change.",
    b('go_to_payment', 'go_to_payment'),
    CLOSE,
  ),
  order_changed: entry(
    'Your order changed',
    "Your plan or number changed before your payment went through, so we didn't complete it. Anything taken has been given back. Check your order, then pay again.",
    b('ok', 'ok_clear_error_get_status'),
  ),
  // The bank's 3-D Secure check. Not SPEC 8's -7110 (that one is about card brands) and
  // not a card problem: what happened, that nothing was taken, and the likely next step first
  // (a check not completed: try again; one the bank refused: another card).
  three_ds_cancelled: entry(
    ohNo,
    "The security check with your bank was not completed, so your payment didn't go through and nothing was taken from your card. You can try again, or use another card.",
    RETRY_PAYMENT,
    CHANGE_CARD,
  ),
  three_ds_failed: entry(
    ohNo,
    "Your bank couldn't confirm this payment in its security check, so it didn't go through and nothing was taken from your card. Please use another card, or try again and enter the code your bank sends you.",
    CHANGE_CARD,
    RETRY_PAYMENT,
  ),
  payment_cancelled: entry('Payment cancelled', 'You cancelled this payment, so nothing was taken. You can pay again when you are ready.', OK_CLEAR),

  // --- promotions ---
  promo_invalid: entry(ohNo, 'This promo code is invalid or has expired.', OK_CLEAR),
  promo_not_supported: entry(ohNo, "This promo code can't be used with this plan.", OK_CLEAR),
  promo_cancel_error: entry(uhOh, "We couldn't remove the promo code. Please try again.", OK_CLEAR),

  // --- delivery ---
  delivery_unsupported_area: entry(ohNo, "We don't deliver to this location yet. You can collect your SIM in store instead.", OK_CLEAR),
  delivery_closed_area: entry(ohNo, 'Delivery to this area is closed right now. You can collect your SIM in store instead.', OK_CLEAR),

  // --- identity check ---
  blacklisted_sim_activation: entry(ohNo, "We can't activate a SIM for you online. Please message us.", MESSAGE_US, b('close', 'ok_clear_error_redirect')),
  retry_scan: entry(ohNo, "The scan didn't work. Please try again in good light.", SCAN_AGAIN),
  identity_api_failure: entry(uhOh, "We couldn't reach the identity check service. Please try again.", b('retry', 'retry')),
  subscriber_id_mismatch: entry(ohNo, "These ID details don't match your account.", MESSAGE_US, CLOSE),
  residents_not_allowed_with_passport: entry(ohNo, 'UAE residents need to verify with their Emirates ID, not a passport.', OK_CLEAR),
  residency_exists: entry(ohNo, 'You have a UAE residency on record. Please verify with your Emirates ID.', OK_CLEAR),
  expired_immigration_record: entry(ohNo, 'Your immigration record has expired.', MESSAGE_US, CLOSE),
  invalid_immigration_record: entry(ohNo, "Your immigration record isn't valid.", MESSAGE_US, CLOSE),
  mismatched_identifier_expiry: entry(ohNo, "The expiry date doesn't match your ID. Please scan it again.", SCAN_AGAIN),
  expired_identifier: entry(ohNo, 'Your ID has expired. Please use a valid ID.', OK_CLEAR),
  uncorrelated_identifiers: entry(ohNo, "These documents don't belong to the same person.", SCAN_AGAIN, MESSAGE_US),
  no_match: entry(ohNo, "Your face doesn't match the photo on your ID. Please try again.", SCAN_AGAIN),
  no_trusted_database_record: entry(ohNo, "We couldn't find your record with the authorities.", MESSAGE_US, CLOSE),
  face_prints_of_multiple_persons: entry(ohNo, 'We saw more than one face. Please make sure only you are in the picture.', SCAN_AGAIN),
  no_trusted_identifier: entry(ohNo, "We couldn't verify this ID with the authorities.", MESSAGE_US, CLOSE),
  invalid_id_details: entry(ohNo, "Some of your ID details aren't valid. Please check them and try again.", SCAN_AGAIN),
  expired_date: entry(ohNo, 'This document has expired. Please use a valid one.', OK_CLEAR),
  mismatched_date_of_birth: entry(ohNo, "The date of birth doesn't match your ID.", SCAN_AGAIN),
  mismatched_gender: entry(ohNo, "The gender doesn't match your ID.", SCAN_AGAIN),
  unsupported_image_format: entry(ohNo, "We can't read this image format. Please upload a JPG or PNG.", SCAN_AGAIN),
  unsuitable_portrait: entry(ohNo, "Your photo isn't clear enough. Face the camera in good light and try again.", SCAN_AGAIN),
  image_too_large: entry(ohNo, 'This image is too large. Please use a smaller one.', SCAN_AGAIN),
  mismatched_hash: entry(uhOh, "We couldn't check this document. Please scan it again.", SCAN_AGAIN),
  unsupported_tag: entry(uhOh, "We can't read this document. Please use another one.", SCAN_AGAIN),
} as const satisfies Record<string, CatalogueEntry>;

export type CatalogueMessageType = keyof typeof ERROR_CATALOGUE;

/** The dictionary keys of the catalogue: every type's title and text, every button label. */
export type ErrorTranslationKey = `errors.${CatalogueMessageType}.${'title' | 'text'}` | `errors.buttons.${ErrorButtonLabel}`;

/** Every catalogue key with its English (the fallback in code): what another language must translate. */
export function errorTranslations(): Record<ErrorTranslationKey, string> {
  const out: Partial<Record<ErrorTranslationKey, string>> = {};
  for (const [type, e] of Object.entries(ERROR_CATALOGUE) as [CatalogueMessageType, CatalogueEntry][]) {
    out[`errors.${type}.title`] = e.title;
    out[`errors.${type}.text`] = e.text;
  }
  for (const [id, label] of Object.entries(ERROR_BUTTON_LABELS) as [ErrorButtonLabel, string][]) out[`errors.buttons.${id}`] = label;
  return out as Record<ErrorTranslationKey, string>;
}

export function isCatalogueType(type: string): type is CatalogueMessageType {
  return Object.hasOwn(ERROR_CATALOGUE, type);
}

/** The catalogue entry of a message type; an unknown type gets error_general's. */
export function catalogueEntry(type: string): CatalogueEntry {
  return isCatalogueType(type) ? ERROR_CATALOGUE[type] : ERROR_CATALOGUE.error_general;
}

/** The button of a pop-up that has none (SPEC section 8). */
const FALLBACK_ERROR_BUTTON: CatalogueButton = OK_HOME;

/** Optional translator: returns the text for the key, or the fallback. */
export type ErrorTranslate = (key: string, fallback: string) => string;

const identity: ErrorTranslate = (_key, fallback) => fallback;

/**
 * The error object the host's pop-up shows. An unknown message type becomes error_general
 * (the object's type says so). The code is kept only when scalar (a number or a non-empty
 * string), as the pop-up shows it verbatim.
 */
export function errorObjectFor(messageType: string, code?: unknown, t: ErrorTranslate = identity): ErrorObject {
  const type: CatalogueMessageType = isCatalogueType(messageType) ? messageType : 'error_general';
  const e = ERROR_CATALOGUE[type];
  const buttons: readonly CatalogueButton[] = e.buttons.length > 0 ? e.buttons : [FALLBACK_ERROR_BUTTON];
  return {
    type,
    title: t(`errors.${type}.title`, e.title),
    text: t(`errors.${type}.text`, e.text),
    code: scalarCode(code),
    buttons: buttons.map(
      (btn): ErrorButton => ({ label: t(`errors.buttons.${btn.label}`, ERROR_BUTTON_LABELS[btn.label]), action: btn.action }),
    ),
  };
}

function scalarCode(code: unknown): number | string | null {
  if (typeof code === 'number' && Number.isFinite(code)) return code;
  if (typeof code === 'string' && code.trim() !== '') return code;
  return null;
}

/**
 * The reference a pop-up shows for support (SPEC 2 "the code if it is scalar"): a
 * numeric server code of SPEC 8 (-7099, or "-7099" as a string). Our client-side keys
 * (spotii_error, rate_limited, payment_in_progress...) are names for the catalogue, not codes a
 * customer could quote: null, nothing is shown.
 */
export function supportReference(code: unknown): number | null {
  if (typeof code === 'number') return Number.isInteger(code) ? code : null;
  if (typeof code === 'string' && /^-?\d+$/.test(code.trim())) return Number(code.trim());
  return null;
}

/** The error object for a server code (or a client key), through the code table of codes.ts. */
export function errorObjectForCode(code: number | string | null | undefined, t?: ErrorTranslate): ErrorObject {
  return errorObjectFor(messageTypeForCode(code), code, t);
}

/** -27 is recovered silently by a device-id login: no pop-up (SPEC section 4). */
export function showsErrorPopup(code: number | string | null | undefined): boolean {
  return Number(code) !== SESSION_RECOVERY_CODE;
}

/** Every message type the catalogue must cover: codes.ts client keys and our extra client types. */
export const CLIENT_CATALOGUE_TYPES: readonly string[] = [...CLIENT_MESSAGE_TYPES, ...EXTRA_CLIENT_MESSAGE_TYPES];
