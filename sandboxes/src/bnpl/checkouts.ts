import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { IdempotencyKeys } from '../idempotency-keys';

/**
 * The BNPL sandbox's checkouts, in memory, with their state machine:
 *
 *   open --(customer approves)--> approved --(merchant captures)--> captured
 *   open --(customer declines, fails the credit check, or mistypes the code 5 times)--> rejected
 *   open --(30 minutes pass)--> expired
 *   open | approved --(merchant cancels before capturing)--> cancelled
 *   captured --(merchant refunds the whole total, in one or more refunds)--> refunded
 *
 * Every method is synchronous: Node runs one at a time, so two requests with the same
 * idempotency key can never both create (the second finds the first's record).
 */
export type CheckoutStatus = 'open' | 'approved' | 'rejected' | 'captured' | 'expired' | 'cancelled' | 'refunded';
export type RejectionReason = 'customer_declined' | 'credit_check' | 'too_many_codes';

export interface CheckoutInput {
  reference: string;
  /** Fils. */
  total: number;
  currency: 'AED';
  success_url: string;
  failure_url: string;
  customer: { email: string };
  description: string;
}

export interface Checkout extends CheckoutInput {
  id: string;
  status: CheckoutStatus;
  createdAt: number;
  expiresAt: number;
  approvedAt: number | null;
  capturedAt: number | null;
  cancelledAt: number | null;
  /** Fils given back so far (refunds of a captured checkout). */
  refundedTotal: number;
  rejectionReason: RejectionReason | null;
  /** The one-time code of the sandbox's sign-in step (shown on the page). */
  otp: string;
  otpFailures: number;
  /** Proves the sign-in step was passed: carried by the decision form. */
  session: string | null;
}

export interface BnplLimits {
  /** Inclusive, fils. */
  minFils: number;
  maxFils: number;
}

/** The limits of the sandbox's plans: AED 50 to AED 5,000. */
export const DEFAULT_BNPL_LIMITS: BnplLimits = { minFils: 5_000, maxFils: 500_000 };
export const CHECKOUT_TTL_MS = 30 * 60 * 1000;
/** Idempotency keys and finished checkouts are forgotten after a day (as card providers do). */
export const RETENTION_MS = 24 * 60 * 60 * 1000;
export const MAX_OTP_FAILURES = 5;
/** E-mails with this tag are always refused by the sandbox's credit check. */
export const DECLINE_TAG = '+bnpl-decline';


export type CreateOutcome =
  | { kind: 'created' | 'replayed'; checkout: Checkout }
  | { kind: 'rejected'; reason: 'amount_below_minimum' | 'amount_above_maximum' }
  | { kind: 'key_reused' };
export type CaptureOutcome =
  | { kind: 'captured' | 'replayed'; checkout: Checkout }
  | { kind: 'not_found' }
  | { kind: 'not_approved'; checkout: Checkout }
  | { kind: 'key_reused' };
export type CancelOutcome = { kind: 'cancelled' | 'replayed'; checkout: Checkout } | { kind: 'not_found' } | { kind: 'captured'; checkout: Checkout };
export type RefundOutcome =
  | { kind: 'refunded' | 'replayed'; checkout: Checkout }
  | { kind: 'not_found' }
  | { kind: 'not_refundable'; checkout: Checkout; refundable: number }
  | { kind: 'key_reused' };
export type VerifyOutcome =
  | { kind: 'verified'; checkout: Checkout; session: string }
  | { kind: 'wrong_code'; checkout: Checkout; triesLeft: number }
  | { kind: 'closed'; checkout: Checkout };
export type DecideOutcome = { kind: 'decided'; checkout: Checkout } | { kind: 'signed_out'; checkout: Checkout } | { kind: 'closed'; checkout: Checkout };

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export class CheckoutLedger {
  private readonly checkouts = new Map<string, Checkout>();
  private readonly createKeys: IdempotencyKeys;
  private readonly captureKeys: IdempotencyKeys;
  private readonly refundKeys: IdempotencyKeys;

  constructor(
    readonly limits: BnplLimits,
    private readonly now: () => number,
  ) {
    this.createKeys = new IdempotencyKeys(now, RETENTION_MS);
    this.captureKeys = new IdempotencyKeys(now, RETENTION_MS);
    this.refundKeys = new IdempotencyKeys(now, RETENTION_MS);
  }

  create(key: string, input: CheckoutInput): CreateOutcome {
    this.prune();
    const known = this.createKeys.recall(key, input, (id) => this.get(id));
    if (known === 'reused') return { kind: 'key_reused' };
    if (known) return { kind: 'replayed', checkout: known };
    if (input.total < this.limits.minFils) return { kind: 'rejected', reason: 'amount_below_minimum' };
    if (input.total > this.limits.maxFils) return { kind: 'rejected', reason: 'amount_above_maximum' };
    const t = this.now();
    const checkout: Checkout = {
      ...input,
      customer: { ...input.customer },
      id: `chk_${randomBytes(16).toString('hex')}`,
      status: 'open',
      createdAt: t,
      expiresAt: t + CHECKOUT_TTL_MS,
      approvedAt: null,
      capturedAt: null,
      cancelledAt: null,
      refundedTotal: 0,
      rejectionReason: null,
      otp: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      otpFailures: 0,
      session: null,
    };
    this.checkouts.set(checkout.id, checkout);
    this.createKeys.remember(key, input, checkout.id, t);
    return { kind: 'created', checkout };
  }

  /** The checkout as it is now (an open one past its time has expired). */
  get(id: string): Checkout | undefined {
    const checkout = this.checkouts.get(id);
    if (checkout && checkout.status === 'open' && this.now() >= checkout.expiresAt) checkout.status = 'expired';
    return checkout;
  }

  capture(key: string, id: string): CaptureOutcome {
    if (this.captureKeys.recall(key, id, () => undefined) === 'reused') return { kind: 'key_reused' };
    const checkout = this.get(id);
    if (!checkout) return { kind: 'not_found' };
    // Capturing twice (whatever the key) answers the same captured checkout: nothing is taken twice.
    if (checkout.status === 'captured') return { kind: 'replayed', checkout };
    if (checkout.status !== 'approved') return { kind: 'not_approved', checkout };
    checkout.status = 'captured';
    checkout.capturedAt = this.now();
    this.captureKeys.remember(key, id, id, checkout.capturedAt);
    return { kind: 'captured', checkout };
  }

  /**
   * The merchant withdraws a checkout it will not capture (open or approved): nothing is taken, and
   * the customer's page says so. A checkout that already ended without a capture (rejected,
   * expired, cancelled) is answered as it is; a captured one cannot be cancelled (refund it).
   */
  cancel(id: string): CancelOutcome {
    const checkout = this.get(id);
    if (!checkout) return { kind: 'not_found' };
    if (checkout.status === 'captured' || checkout.status === 'refunded') return { kind: 'captured', checkout };
    if (checkout.status !== 'open' && checkout.status !== 'approved') return { kind: 'replayed', checkout };
    checkout.status = 'cancelled';
    checkout.cancelledAt = this.now();
    checkout.session = null;
    return { kind: 'cancelled', checkout };
  }

  /**
   * Gives money of a captured checkout back (Spotii's refund: a total in the order's currency).
   * The same key with the same total answers the same refund; the whole total refunded makes the
   * checkout refunded. More than is left is not refundable.
   */
  refund(key: string, id: string, total: number): RefundOutcome {
    const known = this.refundKeys.recall(key, { id, total }, (checkoutId) => this.get(checkoutId) ?? null);
    if (known === 'reused') return { kind: 'key_reused' };
    if (known !== undefined) return known ? { kind: 'replayed', checkout: known } : { kind: 'not_found' };
    const checkout = this.get(id);
    if (!checkout) return { kind: 'not_found' };
    const refundable = checkout.status === 'captured' ? checkout.total - checkout.refundedTotal : 0;
    if (total > refundable) return { kind: 'not_refundable', checkout, refundable };
    checkout.refundedTotal += total;
    if (checkout.refundedTotal === checkout.total) checkout.status = 'refunded';
    this.refundKeys.remember(key, { id, total }, id);
    return { kind: 'refunded', checkout };
  }

  /** The sign-in step: the code shown on the page, then the credit check. */
  verify(id: string, code: string): VerifyOutcome | undefined {
    const checkout = this.get(id);
    if (!checkout) return undefined;
    if (checkout.status !== 'open') return { kind: 'closed', checkout };
    if (!sameSecret(code, checkout.otp)) {
      checkout.otpFailures += 1;
      if (checkout.otpFailures >= MAX_OTP_FAILURES) {
        this.reject(checkout, 'too_many_codes');
        return { kind: 'closed', checkout };
      }
      return { kind: 'wrong_code', checkout, triesLeft: MAX_OTP_FAILURES - checkout.otpFailures };
    }
    if (checkout.customer.email.toLowerCase().includes(DECLINE_TAG)) {
      this.reject(checkout, 'credit_check');
      return { kind: 'closed', checkout };
    }
    checkout.session ??= randomBytes(24).toString('base64url');
    return { kind: 'verified', checkout, session: checkout.session };
  }

  /** The customer's choice. Declining needs no sign-in (it is "cancel"); approving does. */
  decide(id: string, decision: 'approve' | 'decline', session: string | undefined): DecideOutcome | undefined {
    const checkout = this.get(id);
    if (!checkout) return undefined;
    if (checkout.status !== 'open') return { kind: 'closed', checkout };
    if (decision === 'decline') {
      this.reject(checkout, 'customer_declined');
      return { kind: 'decided', checkout };
    }
    if (!checkout.session || !session || !sameSecret(session, checkout.session)) return { kind: 'signed_out', checkout };
    checkout.status = 'approved';
    checkout.approvedAt = this.now();
    return { kind: 'decided', checkout };
  }

  private reject(checkout: Checkout, reason: RejectionReason): void {
    checkout.status = 'rejected';
    checkout.rejectionReason = reason;
  }

  /** Forgets keys and checkouts older than a day, so a long-running sandbox does not grow without end. */
  private prune(): void {
    const before = this.now() - RETENTION_MS;
    for (const keys of [this.createKeys, this.captureKeys, this.refundKeys]) keys.prune();
    for (const [id, checkout] of this.checkouts) if (checkout.createdAt < before) this.checkouts.delete(id);
  }
}
