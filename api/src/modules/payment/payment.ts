import { randomInt } from 'node:crypto';
import { FEATURE_FLAGS, PAYMENT_ERROR_CODES, instalmentPlan, showsPaymentPromoHint, toFils, type Instalment, type PackagePrice } from '@join/shared/contract';
import type { CardDeclineReason } from './providers';

/**
 * The payment's rules that are not HTTP: what a provider's "no" means in SPEC 8, what
 * is charged, when buy-now-pay-later and Apple Pay are offered, and our references.
 */

/**
 * A card decline as SPEC 8 knows it (the mapping in CARD_DECLINE_REASONS' comment): a number of
 * the table, or a client key. A 3-D Secure check that failed or was not completed is neither a
 * card brand (-7110 "transaction_declined" says "only three card brands") nor a card problem, and
 * no SPEC 8 code says what happened: our keys three_ds_failed and three_ds_cancelled,
 * each with its own catalogue entry.
 */
export const DECLINE_CODES: Readonly<Record<CardDeclineReason, number | string>> = {
  expired_card: -7109,
  insufficient_funds: -7011,
  processing_error: -10012,
  try_again_later: -7106,
  fraudulent: -7103,
  incorrect_cvc: -7105,
  unsupported_brand: -7110,
  incorrect_details: -7108,
  generic_decline: -7099,
  not_eligible: PAYMENT_ERROR_CODES.nonEligibleCard,
  recurring_not_allowed: PAYMENT_ERROR_CODES.nonRecurringCard,
  token_invalid: PAYMENT_ERROR_CODES.nonce,
  authentication_failed: PAYMENT_ERROR_CODES.threeDsFailed,
  authentication_cancelled: PAYMENT_ERROR_CODES.threeDsCancelled,
};

/**
 * The provider could not be asked (network, timeout, its 5xx): SPEC 8 -7106
 * "incorrect_details_temp_issue", a temporary issue; the page offers to try again, and a retry
 * with the same idempotency key heals whatever the provider did meanwhile.
 */
export const PROVIDER_UNAVAILABLE_CODE = -7106;

/**
 * A payment's start keeps the number at least for the provider's window (3-D Secure,
 * the BNPL checkout) and this much more: the visitor's way back from the provider's page to our
 * confirmation. After that a lapsed hold may be claimed by anyone, and a capture finding the
 * number gone gives the money back.
 */
export const PAYMENT_RETURN_GRACE_MS = 5 * 60_000;

/** Until when a payment started at `now` keeps its number. */
export const paymentHoldUntil = (now: number, providerWindowMs: number): number => now + providerWindowMs + PAYMENT_RETURN_GRACE_MS;

/** The amount a charge takes: the plan's net price plus VAT, in fils. */
export function amountOf(price: PackagePrice): { amountFils: number; vatFils: number } {
  return { amountFils: toFils(price.NetPrice + price.VATAmount), vatFils: toFils(price.VATAmount) };
}

/** SPEC 5: the promo hint shows for a plan of AED 79 or more (the plan domain's rule, as on the plan step). */
export const showsPromoHint = (price: PackagePrice): boolean => showsPaymentPromoHint(price);

/** A commitment plan is charged every month: the card must allow recurring charges, and BNPL is not offered. */
export const isRecurring = (category: string): boolean => category === 'Commitment';

/** SPEC 6 and 9: the product must allow it (web_apple_pay) and the configuration must enable it (off: SPEC 9). */
export const APPLE_PAY_FEATURE = 'web_apple_pay';
export function offersApplePay(allowedFeatures: readonly string[], enabled: boolean = FEATURE_FLAGS.applePay): boolean {
  return enabled && allowedFeatures.includes(APPLE_PAY_FEATURE);
}

/** The BNPL provider's limits as the routes see them. */
export interface BnplLimits {
  minFils: number;
  maxFils: number;
  instalmentCount: number;
}

/** The instalments offered, or null: the amount within the provider's limits and not a recurring plan. */
export function bnplOffer(limits: BnplLimits | null, amountFils: number, recurring: boolean, today: string): Instalment[] | null {
  if (!limits || recurring) return null;
  if (amountFils < limits.minFils || amountFils > limits.maxFils) return null;
  if (limits.instalmentCount < 2) return null;
  return instalmentPlan(amountFils, limits.instalmentCount, today);
}

/** Today in the UAE (YYYY-MM-DD): the first instalment's date. */
export function dubaiDate(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Readable aloud and on a receipt: no 0/O, 1/I/L. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const pick = (alphabet: string, n: number): string => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');

/** Our payment id (the provider's merchant reference): pay_ and 24 random letters and digits. */
export const newPaymentId = (): string => `pay_${pick(ID_ALPHABET, 24)}`;

/** The receipt's human reference, e.g. JN-7Q4K-2M9X (31^8, about 850 billion). */
export const newReceiptReference = (): string => `JN-${pick(REFERENCE_ALPHABET, 4)}-${pick(REFERENCE_ALPHABET, 4)}`;
