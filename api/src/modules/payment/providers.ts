import type { CardBrand } from '@join/shared/contract';

/**
 * The two payment providers as the operator API sees them: a card provider (hosted
 * card fields, tokens, 3-D Secure, server-to-server charges and refunds with idempotency keys)
 * and a buy-now-pay-later provider (checkout, redirect, server-side confirm and capture). The
 * routes know only these interfaces; the sandboxes of sandboxes/src/card and
 * sandboxes/src/bnpl, or the real providers, are behind HTTP clients that implement them,
 * chosen by configuration alone (JOIN_CARD_URL / JOIN_BNPL_URL and their keys).
 *
 * Every call answers a value or a failure; nothing throws for a provider's "no". Amounts are
 * integers of fils; the currency is AED.
 */

import type { ProviderResult, ProviderUnavailable } from '../../platform/provider-result';

export type { ProviderResult, ProviderUnavailable };

/**
 * How long a payment may stay with the visitor at the provider: the number being bought
 * is held at least this long from the start of a payment, so an honest slow payer does not lose it.
 * The card's is its 3-D Secure challenge (the sandbox declines one left 15 minutes,
 * sandbox/card CHALLENGE_TTL_MS); the BNPL provider's is its checkout (Spotii's sandbox expires an
 * open checkout after 30 minutes, sandbox/bnpl CHECKOUT_TTL_MS). A real provider's windows are
 * given to its client (card-setup.ts, bnpl-setup.ts) when they differ.
 */
export const DEFAULT_CARD_ACTION_WINDOW_MS = 15 * 60_000;
export const DEFAULT_BNPL_CHECKOUT_WINDOW_MS = 30 * 60_000;

// --- card --------------------------------------------------------------------------------------

/**
 * Why a card was not charged, in the provider's words. The API maps each to SPEC 8:
 * expired_card -7109, insufficient_funds -7011, processing_error -10012, try_again_later -7106,
 * fraudulent -7103, incorrect_cvc -7105, unsupported_brand -7110, incorrect_details -7108,
 * generic_decline -7099 (payment_error_general), not_eligible non_eligible_card,
 * recurring_not_allowed non_recurring_card, token_invalid (unknown, used or expired token)
 * nonce_error. A 3-D Secure check is no card brand (-7110 is SPEC 8's "only three card
 * brands"): authentication_failed (the bank refused: wrong codes) is three_ds_failed, and
 * authentication_cancelled (not completed: Cancel on the bank's page, its window run out, or the
 * merchant voided it) three_ds_cancelled; nothing was charged either way.
 */
export const CARD_DECLINE_REASONS = [
  'expired_card',
  'insufficient_funds',
  'processing_error',
  'try_again_later',
  'fraudulent',
  'incorrect_cvc',
  'unsupported_brand',
  'incorrect_details',
  'generic_decline',
  'not_eligible',
  'recurring_not_allowed',
  'token_invalid',
  'authentication_failed',
  'authentication_cancelled',
] as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];

export interface CardChargeRequest {
  /** The single-use token the hosted fields gave the browser. */
  token: string;
  amountFils: number;
  currency: 'AED';
  /** Our payment id (pay_…): the provider keeps it as the merchant reference. */
  reference: string;
  /** The same key gives the same charge: a retry never charges twice. */
  idempotencyKey: string;
  /** Where the provider's 3-D Secure page sends the browser back (our /#/payment/payfort_token?payment=…). */
  returnUrl: string;
  /** A commitment plan: the card must allow recurring (merchant-initiated) charges. */
  recurring: boolean;
}

export interface CardCharge {
  /** The provider's charge id. */
  id: string;
  /**
   * succeeded: captured; requires_action: 3-D Secure, send the browser to actionUrl; then ask
   * getCharge (succeeded, or declined with authentication_failed or authentication_cancelled); declined: see declineReason.
   */
  status: 'succeeded' | 'requires_action' | 'declined';
  amountFils: number;
  /** null only for a token the provider never issued (declined token_invalid): there is no card to name. */
  brand: CardBrand | null;
  last4: string | null;
  actionUrl: string | null;
  declineReason: CardDeclineReason | null;
}

export interface CardRefund {
  id: string;
  chargeId: string;
  amountFils: number;
  status: 'succeeded';
}

export interface CardProvider {
  /** The hosted fields page the browser frames, on the provider's origin. */
  readonly fieldsUrl: string;
  /** The provider's origin (the product's CSP allows exactly this in frame-src). */
  readonly origin: string;
  /** The public merchant id the hosted fields are opened with. */
  readonly merchantId: string;
  charge(request: CardChargeRequest): Promise<ProviderResult<CardCharge, ProviderUnavailable>>;
  /** The charge as the provider has it now (after a 3-D Secure return). */
  getCharge(chargeId: string): Promise<ProviderResult<CardCharge, ProviderUnavailable | 'not_found'>>;
  refund(chargeId: string, amountFils: number, idempotencyKey: string): Promise<ProviderResult<CardRefund, ProviderUnavailable | 'not_found' | 'not_refundable'>>;
  /**
   * Voids a charge still waiting for its 3-D Secure check (the merchant abandons it: it ends
   * declined, authentication_cancelled, and its page can no longer complete it). A charge that is no
   * longer waiting is answered as it is (succeeded: it went through; declined: nothing to void).
   */
  cancel(chargeId: string): Promise<ProviderResult<CardCharge, ProviderUnavailable | 'not_found'>>;
  /** How long a 3-D Secure check may take (DEFAULT_CARD_ACTION_WINDOW_MS). */
  readonly actionWindowMs: number;
}

// --- buy now, pay later ------------------------------------------------------------------------

export interface BnplCheckoutRequest {
  /** Our payment id (pay_…). */
  reference: string;
  amountFils: number;
  currency: 'AED';
  idempotencyKey: string;
  /** Where the provider's page sends the browser: our /spotii-success?payment=… and /spotii-fail?payment=… (rewritten to the hash form by the host). */
  successUrl: string;
  failureUrl: string;
  customer: { email: string };
  /** What is bought, for the provider's page. */
  description: string;
}

export interface BnplCheckout {
  id: string;
  /**
   * open: the visitor has not decided; approved: approved, not yet captured; rejected; captured;
   * expired; cancelled: withdrawn by the merchant before a capture (nothing taken); refunded: a
   * capture given back in full.
   */
  status: 'open' | 'approved' | 'rejected' | 'captured' | 'expired' | 'cancelled' | 'refunded';
  amountFils: number;
  /** The provider's page for the browser. */
  checkoutUrl: string;
}

export interface BnplProvider {
  /** Shown to the visitor ("Pay in 4 with …"). */
  readonly name: string;
  /** The number of instalments the provider splits an amount into (the first today). */
  readonly instalmentCount: number;
  /** Amounts it accepts, in fils, inclusive. */
  readonly minFils: number;
  readonly maxFils: number;
  createCheckout(request: BnplCheckoutRequest): Promise<ProviderResult<BnplCheckout, ProviderUnavailable | 'rejected'>>;
  getCheckout(id: string): Promise<ProviderResult<BnplCheckout, ProviderUnavailable | 'not_found'>>;
  /** Captures an approved checkout (idempotent on the provider's side too). */
  capture(id: string, idempotencyKey: string): Promise<ProviderResult<BnplCheckout, ProviderUnavailable | 'not_found' | 'not_approved'>>;
  /**
   * Withdraws a checkout that was not captured (open or approved): it becomes cancelled and can no
   * longer be approved or captured. One that is already closed is answered as it is; a captured
   * one is 'captured' (it went through: refund it instead).
   */
  cancel(id: string): Promise<ProviderResult<BnplCheckout, ProviderUnavailable | 'not_found' | 'captured'>>;
  /** Gives a captured checkout's money back (Spotii: POST /orders/<reference>/refund {total, currency}). */
  refund(id: string, amountFils: number, idempotencyKey: string): Promise<ProviderResult<BnplCheckout, ProviderUnavailable | 'not_found' | 'not_refundable'>>;
  /** How long a checkout stays open for the visitor (DEFAULT_BNPL_CHECKOUT_WINDOW_MS). */
  readonly checkoutWindowMs: number;
}

// --- the shop's payment terminal (retail mode: pay at the counter) ------------------------------

/** How long a counter payment may wait for a tap on the terminal (the sandbox's request window, 3 minutes). */
export const DEFAULT_TERMINAL_WINDOW_MS = 3 * 60_000;

/** Why a terminal did not take the money (its words; the API maps them to SPEC 8). */
export const TERMINAL_DECLINE_REASONS = ['insufficient_funds', 'card_expired', 'card_declined', 'pin_incorrect'] as const;
export type TerminalDeclineReason = (typeof TERMINAL_DECLINE_REASONS)[number];

export interface TerminalRequest {
  /** The terminal provider's payment request id. */
  id: string;
  terminalId: string;
}

/**
 * What a terminal's signed result says, once its signature was checked with the terminal
 * provider's public key. The service still checks every field against what it recorded.
 */
export interface TerminalResult {
  requestId: string;
  terminalId: string;
  reference: string;
  amountFils: number;
  currency: string;
  outcome: 'approved' | 'declined' | 'cancelled' | 'expired';
  authCode: string | null;
  declineReason: TerminalDeclineReason | null;
}

/** pending: nobody tapped yet; settled: the verified result; forged: a result whose signature does not verify. */
export type TerminalState = { kind: 'pending' } | { kind: 'settled'; result: TerminalResult } | { kind: 'forged'; detail: string };

export interface TerminalProvider {
  /** Sends a payment to a shop's terminal (the same key gives the same request). */
  createRequest(request: {
    terminalId: string;
    reference: string;
    amountFils: number;
    idempotencyKey: string;
  }): Promise<ProviderResult<TerminalRequest, ProviderUnavailable | 'busy' | 'unknown_terminal'>>;
  /** The request now, its result's signature checked. */
  getRequest(id: string): Promise<ProviderResult<TerminalState, ProviderUnavailable | 'not_found'>>;
  /** Withdraws a request nobody tapped yet; one already settled answers its (verified) state. */
  cancel(id: string): Promise<ProviderResult<TerminalState, ProviderUnavailable | 'not_found'>>;
  /** Gives back an approved payment (a referenced refund). */
  refund(id: string, idempotencyKey: string): Promise<ProviderResult<true, ProviderUnavailable | 'not_found' | 'not_refundable'>>;
  readonly windowMs: number;
}
