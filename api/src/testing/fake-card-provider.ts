import type { CardBrand } from '@join/shared/contract';
import { CARD_DECLINE_REASONS, DEFAULT_CARD_ACTION_WINDOW_MS, type CardCharge, type CardChargeRequest, type CardDeclineReason, type CardProvider, type CardRefund, type ProviderResult } from '../modules/payment/providers';

/**
 * An in-memory CardProvider for the API's tests: scripted per token, and honest about
 * idempotency as a real provider is (the same key answers the same charge, never a second one).
 * Not a test itself, and never used by the server.
 *
 * What a token does (make one with cardToken(script)):
 * - 'ok': succeeds at once;
 * - '3ds': requires_action; then `completeAction(id, 'succeeded' | 'authentication_failed' | 'authentication_cancelled')`
 *   decides what getCharge answers (until then it still requires action);
 * - a CardDeclineReason (e.g. 'expired_card'): declined with it.
 * A token is single use: a second charge with it (under another key) is token_invalid.
 * cardToken(script, 'amex' | 'mastercard') picks the brand (visa otherwise).
 * `unavailable = true` makes every call answer unavailable (counted: a charge attempt that
 * "timed out" after the provider took it can be simulated with `unavailableAfterCharge`).
 */
export type CardScript = 'ok' | '3ds' | CardDeclineReason;

const pascal = (s: string) => s.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
let tokens = 0;

/** A fresh single-use token (CardPaymentBody's shape: tok_ and letters and digits) that does `script`. */
export function cardToken(script: CardScript = 'ok', brand: CardBrand = 'visa'): string {
  tokens += 1;
  const brandTag = brand === 'amex' ? 'Amex' : brand === 'mastercard' ? 'Master' : 'Visa';
  return `tok_${brandTag}X${pascal(script)}X${String(tokens).padStart(6, '0')}`;
}

export const FAKE_CARD_ORIGIN = 'https://card.example.test';

export class FakeCardProvider implements CardProvider {
  readonly origin = FAKE_CARD_ORIGIN;
  readonly fieldsUrl = `${FAKE_CARD_ORIGIN}/fields`;
  readonly merchantId = 'merchant_test_join';
  readonly actionWindowMs = DEFAULT_CARD_ACTION_WINDOW_MS;
  /** Every charge the provider made (one per idempotency key), in order. */
  readonly charges: (CardCharge & { request: CardChargeRequest })[] = [];
  /** Every refund made (one per idempotency key), in order. */
  readonly refunds: (CardRefund & { idempotencyKey: string })[] = [];
  refundCalls = 0;
  cancelCalls = 0;
  /** How many charge calls arrived (replays included). */
  chargeCalls = 0;
  getChargeCalls = 0;
  unavailable = false;
  /** The provider takes the charge, but the answer is lost (a timeout after the work was done). */
  unavailableAfterCharge = false;
  /** Refunds only answer unavailable (everything else works). */
  refundsUnavailable = false;
  private readonly byKey = new Map<string, string>();
  private readonly usedTokens = new Set<string>();

  async charge(request: CardChargeRequest): Promise<ProviderResult<CardCharge, 'unavailable'>> {
    this.chargeCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const known = this.byKey.get(request.idempotencyKey);
    const existing = known ? this.charges.find((c) => c.id === known) : undefined;
    if (existing) return { ok: true, value: this.view(existing) };
    const charge = this.decide(request);
    this.charges.push({ ...charge, request });
    this.byKey.set(request.idempotencyKey, charge.id);
    if (this.unavailableAfterCharge) return { ok: false, reason: 'unavailable' };
    return { ok: true, value: this.view(charge) };
  }

  async getCharge(chargeId: string): Promise<ProviderResult<CardCharge, 'unavailable' | 'not_found'>> {
    this.getChargeCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const charge = this.charges.find((c) => c.id === chargeId);
    return charge ? { ok: true, value: this.view(charge) } : { ok: false, reason: 'not_found' };
  }

  async refund(chargeId: string, amountFils: number, idempotencyKey: string): Promise<ProviderResult<CardRefund, 'unavailable' | 'not_found' | 'not_refundable'>> {
    this.refundCalls += 1;
    if (this.unavailable || this.refundsUnavailable) return { ok: false, reason: 'unavailable' };
    const replay = this.refunds.find((r) => r.idempotencyKey === idempotencyKey);
    if (replay) return { ok: true, value: { id: replay.id, chargeId: replay.chargeId, amountFils: replay.amountFils, status: 'succeeded' } };
    const charge = this.charges.find((c) => c.id === chargeId);
    if (!charge) return { ok: false, reason: 'not_found' };
    const refunded = this.refunds.filter((r) => r.chargeId === chargeId).reduce((sum, r) => sum + r.amountFils, 0);
    if (charge.status !== 'succeeded' || amountFils > charge.amountFils - refunded) return { ok: false, reason: 'not_refundable' };
    const refund = { id: `re_${String(this.refunds.length + 1).padStart(6, '0')}`, chargeId, amountFils, status: 'succeeded' as const };
    this.refunds.push({ ...refund, idempotencyKey });
    return { ok: true, value: refund };
  }

  async cancel(chargeId: string): Promise<ProviderResult<CardCharge, 'unavailable' | 'not_found'>> {
    this.cancelCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const charge = this.charges.find((c) => c.id === chargeId);
    if (!charge) return { ok: false, reason: 'not_found' };
    if (charge.status === 'requires_action') {
      charge.status = 'declined';
      charge.declineReason = 'authentication_cancelled';
      charge.actionUrl = null;
    }
    return { ok: true, value: this.view(charge) };
  }

  /** The visitor finished (or failed) the 3-D Secure page of a charge. */
  completeAction(chargeId: string, outcome: 'succeeded' | 'authentication_failed' | 'authentication_cancelled'): void {
    const charge = this.charges.find((c) => c.id === chargeId);
    if (!charge || charge.status !== 'requires_action') throw new Error(`charge ${chargeId} awaits no action`);
    charge.status = outcome === 'succeeded' ? 'succeeded' : 'declined';
    charge.declineReason = outcome === 'succeeded' ? null : outcome;
    charge.actionUrl = null;
  }

  /** Charges that took money (succeeded). */
  get succeeded(): number {
    return this.charges.filter((c) => c.status === 'succeeded').length;
  }

  private view(charge: CardCharge): CardCharge {
    const { id, status, amountFils, brand, last4, actionUrl, declineReason } = charge;
    return { id, status, amountFils, brand, last4, actionUrl, declineReason };
  }

  private decide(request: CardChargeRequest): CardCharge {
    const id = `ch_${String(this.charges.length + 1).padStart(6, '0')}`;
    const { token } = request;
    const brand: CardBrand = token.startsWith('tok_Amex') ? 'amex' : token.startsWith('tok_Master') ? 'mastercard' : 'visa';
    const base = { id, amountFils: request.amountFils, brand, last4: brand === 'amex' ? '0005' : '4242', actionUrl: null, declineReason: null };
    if (this.usedTokens.has(token)) return { ...base, status: 'declined', declineReason: 'token_invalid' };
    this.usedTokens.add(token);
    const script = /^tok_[A-Za-z]+?X([A-Za-z0-9]+)X\d+$/.exec(token)?.[1] ?? 'Ok';
    const declined = CARD_DECLINE_REASONS.find((r) => pascal(r) === script);
    if (declined) return { ...base, status: 'declined', declineReason: declined };
    if (script === '3ds') return { ...base, status: 'requires_action', actionUrl: `${FAKE_CARD_ORIGIN}/3ds/${id}` };
    return { ...base, status: 'succeeded' };
  }
}
