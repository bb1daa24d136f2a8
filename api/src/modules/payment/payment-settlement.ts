import { CURRENCY, PAYMENT_ERROR_CODES, type Receipt } from '@join/shared/contract';
import type { PaymentDeps } from './deps';
import type { PaymentRecord, PaymentRefund } from './repository';
import type { NameLanguage } from '../catalogue';
import type { Log } from '../../platform/log';
import { DECLINE_CODES, newReceiptReference } from './payment';
import { MAX_SIMS_CODE } from '../identity';
import { formatFils, receiptMail } from './payment-mail';
import { DomainError } from '../../platform/domain-error';
import { declined, maxSims, notConfigured, orderChangedError, paymentCancelled as paymentCancelledError, paymentMismatch } from './errors';
import { notFound } from '../../platform/refusals';
import type { BnplProvider, CardCharge, CardProvider, TerminalProvider, TerminalResult } from './providers';
import { counterMoneyBack, counterOutcome } from './counter-settlement';

/**
 * How a payment attempt ends (issues 13 and 23), shared by the payment routes and the order lock:
 * a capture (in one transaction with is_plan_paid, and only while the order the payment recorded
 * is still the user's), a decline, or, when the order changed or the visitor cancelled, the money
 * given back at the provider (a card charge refunded, a 3-D Secure check voided, a BNPL checkout
 * cancelled or its capture refunded) and the attempt declined with its code.
 */

/** Who a settlement acts for: where its log goes, and the language of its e-mails. */
export interface PaymentCall {
  log: Log;
  language: NameLanguage;
}

/** Why an attempt that took (or could have taken) money is given up. */
export type GiveBackReason = typeof PAYMENT_ERROR_CODES.orderChanged | typeof PAYMENT_ERROR_CODES.paymentCancelled | typeof MAX_SIMS_CODE;

/**
 * SPEC 8 -169 "max sims reached": the identity document already has the most SIMs the
 * operator sells to one (domain/sim-limit.ts). Before anything was taken, or (with `payment`)
 * after the capture's count refused it: then what happened to the money is said.
 */
export function maxSimsReached(payment: PaymentRecord | null = null): DomainError {
  const base = 'This identity document already has the most SIMs we can sell to one person';
  if (!payment) return maxSims(`${base}: nothing was charged.`);
  return maxSims(`${base}, so we did not complete the payment: ${moneyBackWords(payment)}.`);
}

/** What happened to the money of an attempt given back, in words. */
function moneyBackWords(payment: PaymentRecord): string {
  const amount = formatFils(payment.amountFils, 'en');
  const status = payment.refund?.status ?? 'voided';
  // A counter payment was taken from a card on the shop's terminal: its money goes back to that card.
  return payment.method !== 'bnpl'
    ? { refunded: `the ${amount} taken was refunded to your card`, pending: `the ${amount} taken is being refunded to your card`, voided: 'nothing was taken' }[status]
    : {
        refunded: 'your instalment plan was refunded',
        pending: 'your instalment plan is being cancelled, and nothing more will be taken',
        voided: 'your instalment plan was cancelled and nothing was taken',
      }[status];
}

/** The 409 of an attempt whose order changed before its capture: what happened to the money, in words. */
export function orderChanged(payment: PaymentRecord): DomainError {
  const money = moneyBackWords(payment);
  return orderChangedError(
    `Your plan or number changed while you were paying, so we did not complete the payment: ${money}. Check your order, then pay again.`,
  );
}

export function receiptOf(payment: PaymentRecord): Receipt {
  return {
    reference: payment.receiptReference ?? '',
    method: payment.method,
    amount_fils: payment.amountFils,
    vat_fils: payment.vatFils,
    vat_percentage: payment.vatPercentage,
    currency: CURRENCY,
    card: payment.method === 'card' && payment.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null,
    instalments: payment.method === 'bnpl' ? payment.instalments : null,
    product_name: payment.productName,
    msisdn: payment.msisdn,
    paid_at: new Date(payment.capturedAt ?? payment.updatedAt).toISOString(),
    email: payment.email,
  };
}

const isOpen = (p: PaymentRecord): boolean => p.status === 'pending' || p.status === 'requires_action';

export type PaymentSettlement = ReturnType<typeof paymentSettlement>;

export function paymentSettlement(ctx: PaymentDeps) {
  function card(): CardProvider {
    if (!ctx.payment.card) throw notConfigured('Card');
    return ctx.payment.card;
  }
  function bnpl(): BnplProvider {
    if (!ctx.payment.bnpl) throw notConfigured('Instalment');
    return ctx.payment.bnpl;
  }
  function terminal(): TerminalProvider {
    if (!ctx.payment.terminal) throw notConfigured('Counter');
    return ctx.payment.terminal;
  }

  /**
   * Gives the attempt's money back at its provider and declines it with `reason`, recording what
   * was done: a succeeded card charge or a captured checkout is refunded (one refund per payment:
   * the key is derived from its id), a 3-D Secure check still waiting is voided, a checkout not
   * captured is cancelled. A provider that cannot be reached leaves the refund pending (the next
   * confirm and the sweep try again); a checkout that was never captured took nothing either way.
   */
  async function giveBack(call: PaymentCall | null, payment: PaymentRecord, reason: GiveBackReason): Promise<PaymentRecord> {
    const refund = await moneyBack(payment);
    const log = call?.log ?? null;
    log?.warn({ payment: payment.id, reason, refund: refund.status }, 'payment given up: its money given back');
    const updated = await ctx.repos.updatePayment(payment.uid, payment.id, { status: 'declined', declineCode: reason, refund }, ctx.now());
    return updated ?? { ...payment, status: 'declined', declineCode: reason, refund };
  }

  async function moneyBack(payment: PaymentRecord): Promise<PaymentRefund> {
    const now = ctx.now();
    const refundKey = `${payment.id}-refund`;
    if (!payment.providerRef) return { status: 'voided', ref: null, at: now };
    if (payment.method === 'counter') return counterMoneyBack(terminal(), payment.providerRef, refundKey, now);
    if (payment.method === 'card') {
      const provider = card();
      let charge = await provider.getCharge(payment.providerRef);
      if (charge.ok && charge.value.status === 'requires_action') charge = await provider.cancel(payment.providerRef);
      if (!charge.ok) return charge.reason === 'not_found' ? { status: 'voided', ref: null, at: now } : { status: 'pending', ref: null, at: null };
      if (charge.value.status !== 'succeeded') return { status: 'voided', ref: null, at: now };
      const refunded = await provider.refund(payment.providerRef, payment.amountFils, refundKey);
      if (refunded.ok) return { status: 'refunded', ref: refunded.value.id, at: now };
      // not_refundable: nothing left to give back (a refund made before whose answer was lost is replayed by its key).
      return refunded.reason === 'unavailable' ? { status: 'pending', ref: null, at: null } : { status: 'refunded', ref: null, at: now };
    }
    const provider = bnpl();
    const cancelled = await provider.cancel(payment.providerRef);
    if (cancelled.ok) return { status: 'voided', ref: null, at: now };
    if (cancelled.reason === 'not_found') return { status: 'voided', ref: null, at: now };
    // Unreachable: it may have been captured meanwhile; the next try finds out.
    if (cancelled.reason === 'unavailable') return { status: 'pending', ref: null, at: null };
    const refunded = await provider.refund(payment.providerRef, payment.amountFils, refundKey);
    if (refunded.ok) return { status: 'refunded', ref: refunded.value.id, at: now };
    return refunded.reason === 'unavailable' ? { status: 'pending', ref: null, at: null } : { status: 'refunded', ref: null, at: now };
  }

  /** A pending refund tried again (a confirm of the attempt, the sweep). */
  async function retryRefund(call: PaymentCall | null, payment: PaymentRecord): Promise<PaymentRecord> {
    if (payment.refund?.status !== 'pending' || payment.status !== 'declined') return payment;
    const reason: GiveBackReason =
      payment.declineCode === PAYMENT_ERROR_CODES.paymentCancelled || payment.declineCode === MAX_SIMS_CODE ? payment.declineCode : PAYMENT_ERROR_CODES.orderChanged;
    return giveBack(call, payment, reason);
  }

  /**
   * Captures in one transaction with is_plan_paid, while the recorded order still holds and its
   * document has SIMs left to buy; the receipt e-mail goes after the commit, once. An order that
   * changed meanwhile is given back (409), as is a sale past the document's limit (403 -169).
   */
  async function capture(call: PaymentCall, payment: PaymentRecord, providerRef: string, charge: Pick<CardCharge, 'brand' | 'last4'> | null) {
    const done = await ctx.repos.capturePayment(
      payment.uid,
      payment.id,
      { providerRef, cardBrand: charge?.brand ?? null, cardLast4: charge?.last4 ?? null, receiptReference: newReceiptReference() },
      ctx.now(),
      ctx.identity.maxSimsPerDocument,
    );
    if (!done) throw notFound('No such payment');
    if (done.kind === 'max_sims') {
      call.log.warn({ payment: payment.id, sold: done.sold }, 'the document has the most SIMs sold: the payment is given back');
      throw maxSimsReached(await giveBack(call, { ...done.payment, providerRef }, MAX_SIMS_CODE));
    }
    if (done.kind === 'order_changed') {
      call.log.warn({ payment: payment.id }, 'the order changed before the capture: the payment is given back');
      throw orderChanged(await giveBack(call, { ...done.payment, providerRef }, PAYMENT_ERROR_CODES.orderChanged));
    }
    const receipt = receiptOf(done.payment);
    if (done.newly) {
      call.log.info({ payment: payment.id, method: payment.method, amount_fils: payment.amountFils }, 'payment captured');
      // Every capture (card, BNPL, the counter's terminal) passes here; the payment stands whatever the audit does.
      await ctx.retailAudit.record(payment.uid, 'payment_taken', payment.id).catch((err: unknown) => call.log.error({ err, payment: payment.id }, 'the retail audit could not record the payment'));
      try {
        await ctx.mailer.send(receiptMail(receipt, call.language, payment.method === 'bnpl' ? (ctx.payment.bnpl?.name ?? null) : null));
      } catch (err) {
        // The payment stands: the receipt is on the confirmation page and GET /payment/receipt.
        call.log.error({ err, payment: payment.id }, 'the receipt e-mail could not be sent');
      }
    }
    return { status: 'paid' as const, receipt };
  }

  /** A card charge's answer, stored and turned into the route's answer. */
  async function settleCharge(call: PaymentCall, payment: PaymentRecord, charge: CardCharge) {
    if (charge.amountFils !== payment.amountFils) {
      call.log.error({ payment: payment.id, charged: charge.amountFils, expected: payment.amountFils }, 'the provider charged another amount');
      throw paymentMismatch('The payment provider answered another amount: contact us before trying again');
    }
    if (charge.status === 'succeeded') return capture(call, payment, charge.id, charge);
    if (charge.status === 'requires_action' && charge.actionUrl) {
      await ctx.repos.updatePayment(
        payment.uid,
        payment.id,
        { status: 'requires_action', providerRef: charge.id, actionUrl: charge.actionUrl, cardBrand: charge.brand, cardLast4: charge.last4 },
        ctx.now(),
      );
      return { status: 'action_required' as const, payment_id: payment.id, action_url: charge.actionUrl };
    }
    const code = DECLINE_CODES[charge.declineReason ?? 'generic_decline'];
    await ctx.repos.updatePayment(payment.uid, payment.id, { status: 'declined', declineCode: code, providerRef: charge.id, cardBrand: charge.brand, cardLast4: charge.last4 }, ctx.now());
    call.log.info({ payment: payment.id, reason: charge.declineReason }, 'card declined');
    throw declined(code);
  }

  /**
   * An open attempt asked about at its provider: a 3-D Secure charge that succeeded is captured,
   * one that failed is declined; a BNPL checkout that ended without approval is declined, a
   * captured one captured. With `closeUndecided`, a BNPL checkout still open is closed on our
   * side too (a new attempt replaces an abandoned one; without our capture it takes nothing).
   * Answers the attempt as it is now.
   */
  async function refreshOpen(call: PaymentCall, open: PaymentRecord, { closeUndecided }: { closeUndecided: boolean }): Promise<PaymentRecord> {
    if (!open.providerRef || !isOpen(open)) return open;
    if (open.method === 'counter') {
      const found = ctx.payment.terminal ? await ctx.payment.terminal.getRequest(open.providerRef) : null;
      if (!found?.ok || found.value.kind !== 'settled') return open;
      try {
        await settleCounter(call, open, found.value.result);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
      }
    } else if (open.method === 'card') {
      const found = ctx.payment.card ? await ctx.payment.card.getCharge(open.providerRef) : null;
      if (!found?.ok) return open;
      if (found.value.status === 'requires_action') return open;
      try {
        await settleCharge(call, open, found.value);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
      }
    } else {
      const found = ctx.payment.bnpl ? await ctx.payment.bnpl.getCheckout(open.providerRef) : null;
      if (!found?.ok) return open;
      const { status } = found.value;
      if (status === 'captured') {
        try {
          await capture(call, open, found.value.id, null);
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
        }
      } else if (status === 'approved' || (status === 'open' && !closeUndecided)) {
        return open;
      } else {
        await ctx.repos.updatePayment(open.uid, open.id, { status: 'declined', declineCode: PAYMENT_ERROR_CODES.bnpl }, ctx.now());
      }
    }
    return (await ctx.repos.getPayment(open.uid, open.id)) ?? open;
  }

  /**
   * The user's payment still under way once its provider was asked (the order lock): null
   * when none is, or when the one there ended meanwhile (declined, or captured: then the plan step
   * is closed anyway).
   */
  async function openPaymentOf(call: PaymentCall, uid: string): Promise<PaymentRecord | null> {
    const open = await ctx.repos.getOpenPayment(uid);
    if (!open) return null;
    const now = await refreshOpen(call, open, { closeUndecided: false });
    return isOpen(now) ? now : null;
  }

  /**
   * The terminal's verified result of an open counter payment: what it names is checked against
   * what the payment recorded (its request, terminal, reference, amount, currency); an answer for
   * anything else is no answer for this payment (502, nothing settled, a person looks). Approved:
   * captured as any other method; declined: SPEC 8's code for its reason (402); cancelled or
   * expired on the terminal: nothing taken (409 payment_cancelled).
   */
  async function settleCounter(call: PaymentCall, payment: PaymentRecord, result: TerminalResult) {
    const outcome = counterOutcome(payment, result);
    if (outcome.kind === 'mismatch') {
      call.log.error({ payment: payment.id, field: outcome.field }, 'the terminal answered for another payment');
      throw paymentMismatch('The terminal answered for another payment: nothing was recorded. Ask a manager before trying again.');
    }
    if (outcome.kind === 'approved') return capture(call, payment, result.requestId, null);
    await ctx.repos.updatePayment(payment.uid, payment.id, { status: 'declined', declineCode: outcome.code }, ctx.now());
    call.log.info({ payment: payment.id, outcome: result.outcome, reason: result.declineReason }, 'counter payment not taken');
    throw outcome.code === PAYMENT_ERROR_CODES.paymentCancelled ? paymentCancelledError() : declined(outcome.code);
  }

  return { card, bnpl, terminal, capture, settleCharge, settleCounter, refreshOpen, giveBack, retryRefund, openPaymentOf };
}

/**
 * The sweep's part: refunds that could not be made when an attempt was given up are tried again,
 * a few at a time, until the provider takes them. Answers how many were settled.
 */
export async function retryPendingRefunds(ctx: PaymentDeps, log: Log): Promise<number> {
  const pending = await ctx.repos.listPendingRefunds(20);
  const settlement = paymentSettlement(ctx);
  let done = 0;
  for (const payment of pending) {
    try {
      const after = await settlement.retryRefund(null, payment);
      if (after.refund?.status !== 'pending') done += 1;
    } catch (err) {
      log.error({ err, payment: payment.id }, 'a pending refund could not be retried');
    }
  }
  return done;
}
