import { CURRENCY, PAYMENT_ERROR_CODES } from '@join/shared/contract';
import type { PaymentRecord, PaymentRefund } from './repository';
import type { TerminalDeclineReason, TerminalProvider, TerminalResult } from './providers';

/**
 * Pay at the counter's rules that are not HTTP: what a terminal's verified result means for the
 * payment it claims to answer, and how a counter payment's money is given back.
 */

/** A terminal's decline as SPEC 8 knows it (as the card's: payment.ts DECLINE_CODES). */
export const TERMINAL_DECLINE_CODES: Readonly<Record<TerminalDeclineReason, number>> = {
  insufficient_funds: -7011,
  card_expired: -7109,
  card_declined: -7099,
  pin_incorrect: -7099,
};

export type CounterOutcome =
  | { kind: 'mismatch'; field: 'request' | 'terminal' | 'reference' | 'amount' | 'currency' }
  | { kind: 'approved' }
  | { kind: 'not_taken'; code: number | string };

/** What a result signed by the terminal provider means for `payment`: every field it names must be the payment's. */
export function counterOutcome(payment: PaymentRecord, result: TerminalResult): CounterOutcome {
  if (result.requestId !== payment.providerRef) return { kind: 'mismatch', field: 'request' };
  if (result.terminalId !== payment.terminalId) return { kind: 'mismatch', field: 'terminal' };
  if (result.reference !== payment.id) return { kind: 'mismatch', field: 'reference' };
  if (result.amountFils !== payment.amountFils) return { kind: 'mismatch', field: 'amount' };
  if (result.currency !== CURRENCY) return { kind: 'mismatch', field: 'currency' };
  if (result.outcome === 'approved') return { kind: 'approved' };
  if (result.outcome === 'declined') return { kind: 'not_taken', code: TERMINAL_DECLINE_CODES[result.declineReason ?? 'card_declined'] };
  return { kind: 'not_taken', code: PAYMENT_ERROR_CODES.paymentCancelled };
}

/**
 * Gives a counter payment's money back: a request nobody tapped is withdrawn on the terminal
 * (nothing taken); an approved one is refunded to the card (a referenced refund, one per payment
 * by its key). The terminal unreachable leaves the refund pending (the sweep tries again).
 */
export async function counterMoneyBack(terminal: TerminalProvider, ref: string, refundKey: string, now: number): Promise<PaymentRefund> {
  const state = await terminal.cancel(ref);
  if (!state.ok) return state.reason === 'not_found' ? { status: 'voided', ref: null, at: now } : { status: 'pending', ref: null, at: null };
  if (state.value.kind !== 'settled' || state.value.result.outcome !== 'approved') return { status: 'voided', ref: null, at: now };
  const refunded = await terminal.refund(ref, refundKey);
  if (refunded.ok || refunded.reason === 'not_refundable') return { status: 'refunded', ref, at: now };
  return refunded.reason === 'unavailable' ? { status: 'pending', ref: null, at: null } : { status: 'voided', ref: null, at: now };
}
