import { DEFAULT_BNPL_CHECKOUT_WINDOW_MS, type BnplCheckout, type BnplCheckoutRequest, type BnplProvider, type ProviderResult } from '../modules/payment/providers';
import { FakeLedger } from './fake-ledger';

/**
 * An in-memory BnplProvider for the API's tests: checkouts open until the test decides
 * (`decide(id, 'approved' | 'rejected' | 'expired')`), a capture only of an approved one, and
 * idempotency as a real provider has it (the same key answers the same checkout or capture).
 * Not a test itself, and never used by the server.
 */
export const FAKE_BNPL_ORIGIN = 'https://bnpl.example.test';

export class FakeBnplProvider implements BnplProvider {
  readonly name = 'Spotii';
  readonly instalmentCount = 4;
  minFils = 100_00;
  maxFils = 5_000_00;
  readonly checkoutWindowMs = DEFAULT_BNPL_CHECKOUT_WINDOW_MS;
  private readonly ledger = new FakeLedger<BnplCheckout & { request: BnplCheckoutRequest }>('chk');
  readonly checkouts = this.ledger.all;
  /** Captures that took money (one per checkout, however often asked). */
  captures = 0;
  captureCalls = 0;
  cancelCalls = 0;
  /** Every refund made (one per idempotency key). */
  readonly refunds: { checkoutId: string; amountFils: number; idempotencyKey: string }[] = [];
  unavailable = false;
  /** createCheckout answers rejected (the provider turned the customer down up front). */
  rejectNew = false;

  async createCheckout(request: BnplCheckoutRequest): Promise<ProviderResult<BnplCheckout, 'unavailable' | 'rejected'>> {
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const known = this.ledger.madeWith(request.idempotencyKey);
    if (known) return { ok: true, value: this.view(known) };
    if (this.rejectNew) return { ok: false, reason: 'rejected' };
    const { id } = this.ledger.next();
    const checkout = { id, status: 'open' as const, amountFils: request.amountFils, checkoutUrl: `${FAKE_BNPL_ORIGIN}/checkout/${id}`, request };
    return { ok: true, value: this.view(this.ledger.add(request.idempotencyKey, checkout)) };
  }

  async getCheckout(id: string): Promise<ProviderResult<BnplCheckout, 'unavailable' | 'not_found'>> {
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    return this.ledger.read(id, (checkout) => this.view(checkout));
  }

  async capture(id: string): Promise<ProviderResult<BnplCheckout, 'unavailable' | 'not_found' | 'not_approved'>> {
    this.captureCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const checkout = this.find(id);
    if (!checkout) return { ok: false, reason: 'not_found' };
    if (checkout.status === 'captured') return { ok: true, value: this.view(checkout) };
    if (checkout.status !== 'approved') return { ok: false, reason: 'not_approved' };
    checkout.status = 'captured';
    this.captures += 1;
    return { ok: true, value: this.view(checkout) };
  }

  async cancel(id: string): Promise<ProviderResult<BnplCheckout, 'unavailable' | 'not_found' | 'captured'>> {
    this.cancelCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const checkout = this.find(id);
    if (!checkout) return { ok: false, reason: 'not_found' };
    if (checkout.status === 'captured' || checkout.status === 'refunded') return { ok: false, reason: 'captured' };
    if (checkout.status === 'open' || checkout.status === 'approved') checkout.status = 'cancelled';
    return { ok: true, value: this.view(checkout) };
  }

  async refund(id: string, amountFils: number, idempotencyKey: string): Promise<ProviderResult<BnplCheckout, 'unavailable' | 'not_found' | 'not_refundable'>> {
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const checkout = this.find(id);
    if (!checkout) return { ok: false, reason: 'not_found' };
    if (this.refunds.some((r) => r.idempotencyKey === idempotencyKey)) return { ok: true, value: this.view(checkout) };
    const refunded = this.refunds.filter((r) => r.checkoutId === id).reduce((sum, r) => sum + r.amountFils, 0);
    if (checkout.status !== 'captured' || amountFils > checkout.amountFils - refunded) return { ok: false, reason: 'not_refundable' };
    this.refunds.push({ checkoutId: id, amountFils, idempotencyKey });
    if (refunded + amountFils === checkout.amountFils) checkout.status = 'refunded';
    return { ok: true, value: this.view(checkout) };
  }

  /** The visitor's decision on the provider's page (or the checkout lapsing). */
  decide(id: string, status: 'approved' | 'rejected' | 'expired'): void {
    const checkout = this.find(id);
    if (!checkout || checkout.status !== 'open') throw new Error(`checkout ${id} is not open`);
    checkout.status = status;
  }

  private find(id: string) {
    return this.ledger.find(id);
  }

  private view(c: BnplCheckout): BnplCheckout {
    return { id: c.id, status: c.status, amountFils: c.amountFils, checkoutUrl: c.checkoutUrl };
  }
}
