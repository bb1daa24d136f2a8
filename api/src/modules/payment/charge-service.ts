import { createHash } from 'node:crypto';
import { CURRENCY, PAYMENT_ERROR_CODES, PREFERENCE_IDS, ROUTES, type BnplStartResponse, type PaymentCancelResponse, type PaymentResult } from '@join/shared/contract';
import type { PaymentDeps } from './deps';
import type { NewPayment, PaymentRecord } from './repository';
import type { Caller } from '../../platform/caller';
import { flowOrder, notFound, stepNotAllowed } from '../../platform/refusals';
import { MAX_SIMS_CODE, type SoldDocument } from '../identity';
import { loadOrder, type Order } from './order';
import { bnplOffer, dubaiDate, newPaymentId, paymentHoldUntil } from './payment';
import { bnplNotOffered, declined, idempotencyKeyReused, inProgress, paymentCancelled, paymentMismatch, providerUnavailable } from './errors';
import { maxSimsReached, orderChanged, paymentSettlement, receiptOf, type PaymentSettlement } from './payment-settlement';

/**
 * The charge state machine (api/README.md "Payment"). The amount is always the saved plan
 * re-priced now by the plan step's own code; a request never carries one. Every charge is one
 * payments row per (user, idempotency key), created before the provider is asked, so a retry of
 * the same key answers the stored outcome or asks the provider again under the same provider key
 * (our payment id), which gives the same charge: a crash between the provider and the database
 * heals on the retry and never charges twice.
 */

const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The instalment offer of an order, with its provider; null when none is offered. */
export function bnplFor(ctx: PaymentDeps, order: Order) {
  const provider = ctx.payment.bnpl;
  const instalments = provider ? bnplOffer(provider, order.amountFils, order.recurring, dubaiDate(ctx.now())) : null;
  return provider && instalments ? { provider, instalments } : null;
}

export type ChargeService = ReturnType<typeof chargeService>;

export function chargeService(ctx: PaymentDeps, settlement: PaymentSettlement = paymentSettlement(ctx)) {
  const { card, bnpl, capture, settleCharge, giveBack, retryRefund } = settlement;

  /** Asks the provider for a charge (a new one, or the same one again under the same provider key). */
  async function driveCharge(caller: Caller, payment: PaymentRecord, token: string, returnUrl: string): Promise<PaymentResult> {
    const result = await card().charge({
      token,
      amountFils: payment.amountFils,
      currency: CURRENCY,
      reference: payment.id,
      // Our payment id: one per (user, key), so the client's key is never shared across users at the provider.
      idempotencyKey: payment.id,
      returnUrl,
      recurring: payment.recurring,
    });
    // Unavailable: the row stays pending; the same key asks again (and finds the charge if it was made).
    if (!result.ok) throw providerUnavailable();
    return settleCharge(caller, payment, result.value);
  }

  /**
   * A stored outcome as the answer (a replay, or a confirm of a settled payment). An attempt given
   * up for a changed order or by the visitor says so (its refund tried again if it is pending).
   */
  async function answerStored(caller: Caller, payment: PaymentRecord): Promise<PaymentResult> {
    if (payment.status === 'captured') return { status: 'paid', receipt: receiptOf(payment) };
    if (payment.status === 'declined') {
      if (payment.declineCode === PAYMENT_ERROR_CODES.orderChanged) throw orderChanged(await retryRefund(caller, payment));
      if (payment.declineCode === MAX_SIMS_CODE) throw maxSimsReached(await retryRefund(caller, payment));
      if (payment.declineCode === PAYMENT_ERROR_CODES.paymentCancelled) {
        await retryRefund(caller, payment);
        throw paymentCancelled();
      }
      throw declined(payment.declineCode ?? PAYMENT_ERROR_CODES.bnpl);
    }
    if (payment.status === 'requires_action' && payment.actionUrl && payment.method === 'card') {
      return { status: 'action_required', payment_id: payment.id, action_url: payment.actionUrl };
    }
    throw inProgress('This payment is still being processed: try again in a moment');
  }

  /** Starts (or replays) the attempt of this key; answers the row to act on, or throws the stored outcome. */
  async function start(caller: Caller, payment: NewPayment): Promise<{ fresh: boolean; payment: PaymentRecord }> {
    for (let round = 0; round < 2; round += 1) {
      const started = await ctx.repos.startPayment(payment, ctx.identity.maxSimsPerDocument);
      switch (started.kind) {
        case 'created':
          return { fresh: true, payment: started.payment };
        case 'replay':
          return { fresh: false, payment: started.payment };
        case 'key_reused':
          throw idempotencyKeyReused();
        case 'max_sims':
          caller.log.info({ sold: started.sold }, 'payment refused: the document has the most SIMs sold');
          throw maxSimsReached();
        case 'order_changed':
          throw flowOrder('Your plan or number changed while we were getting the payment ready: check your order, then pay again');
        case 'paid':
          throw stepNotAllowed('payment');
        case 'in_progress': {
          const now = await settlement.refreshOpen(caller, started.payment, { closeUndecided: true });
          if (now.status === 'pending' || now.status === 'requires_action') {
            throw inProgress(
              now.status === 'requires_action' && now.method === 'card'
                ? 'Another payment is waiting for your bank’s security check: finish it, or wait for it to end'
                : 'Another payment is under way: wait for it to finish before trying again',
            );
          }
          if (now.status === 'captured') throw stepNotAllowed('payment');
          // Declined meanwhile: this attempt may go ahead.
          break;
        }
      }
    }
    throw inProgress('Another payment is under way: wait for it to finish before trying again');
  }

  /**
   * The attempt as it starts: the amounts and what is bought, recorded (the saved plan row and the
   * hold's claim it was priced from, the choice and the price), and how long the number is kept:
   * the provider's window (3-D Secure, the BNPL checkout) and the way back.
   */
  function newPayment(
    order: Order,
    document: SoldDocument,
    method: NewPayment['method'],
    key: string,
    requestHash: string,
    instalments: NewPayment['instalments'],
    terminalId: string | null = null,
  ): NewPayment {
    const now = ctx.now();
    const window = method === 'card' ? card().actionWindowMs : method === 'bnpl' ? bnpl().checkoutWindowMs : settlement.terminal().windowMs;
    return {
      id: newPaymentId(),
      uid: order.uid,
      method,
      idempotencyKey: key,
      requestHash,
      amountFils: order.amountFils,
      vatFils: order.vatFils,
      vatPercentage: order.choice.priced.price.VATPercentage,
      recurring: order.recurring,
      productCode: order.choice.product.code,
      productName: order.choice.product.name,
      msisdn: order.msisdn,
      email: order.email,
      instalments,
      order: {
        savedPlanId: order.saved.id,
        reservationId: order.hold.reservationId,
        planIds: order.choice.chosen.map((p) => p.ID),
        boosterIds: order.choice.boosters.map((b) => b.ID),
        promotionKeys: order.choice.promotionKeys,
        promoCode: order.choice.promoCode,
        price: order.choice.priced.price,
      },
      holdUntil: paymentHoldUntil(now, window),
      document,
      terminalId,
      createdAt: now,
    };
  }

  /**
   * The document the sale is made to: the logged-in account's verified decision (the payment rule
   * needs is_id_verified, which is this account's). The database refuses a payment that names a
   * document its user was not verified with.
   */
  async function soldTo({ uid, accountId }: Caller): Promise<SoldDocument> {
    const decision = accountId === null ? null : await ctx.repos.getVerifiedDecision(uid, accountId);
    if (!decision) throw stepNotAllowed('payment');
    return { kind: decision.documentKind, number: decision.documentNumber };
  }

  /** A settled attempt answered as stored; an open one of a user who paid meanwhile refused; one not yet at its provider still in progress. */
  async function openToConfirm(caller: Caller, payment: PaymentRecord): Promise<PaymentResult | string> {
    if (payment.status === 'captured' || payment.status === 'declined') return answerStored(caller, payment);
    if (await ctx.repos.getCapturedPayment(caller.uid)) throw stepNotAllowed('payment');
    if (!payment.providerRef) throw inProgress('This payment is still being processed: try again in a moment');
    return payment.providerRef;
  }

  return {
    /** The steps every method shares (counter-service.ts starts and confirms with them). */
    steps: { start, newPayment, soldTo, openToConfirm, answerStored },
    /** The card provider, or 503 on a server without one (asked before anything else of a card payment). */
    card,
    /** The instalment provider, or 503 on a server without one. */
    bnpl,

    /** Pays by card with the provider's token; `origin` is the page's, for the 3-D Secure way back. */
    async payByCard(caller: Caller, key: string, token: string, origin: string): Promise<PaymentResult> {
      card();
      const order = await loadOrder(ctx, caller);
      const { fresh, payment } = await start(caller, newPayment(order, await soldTo(caller), 'card', key, hashOf(`card:${token}`), null));
      // A replay answers what is stored; only an attempt without the provider's answer asks again.
      if (!fresh && payment.status !== 'pending') return answerStored(caller, payment);
      return driveCharge(caller, payment, token, `${origin}/#${ROUTES.payfortToken}?payment=${payment.id}`);
    },

    /** The card payment after the bank's check: the provider says how the charge stands (the return address proves nothing). */
    async confirmCard(caller: Caller, paymentId: string): Promise<PaymentResult> {
      const payment = await ctx.repos.getPayment(caller.uid, paymentId);
      if (!payment || payment.method !== 'card') throw notFound('No such card payment');
      const ref = await openToConfirm(caller, payment);
      if (typeof ref !== 'string') return ref;
      const found = await card().getCharge(ref);
      if (!found.ok) {
        if (found.reason === 'unavailable') throw providerUnavailable();
        throw paymentMismatch('The payment provider does not know this payment: contact us');
      }
      if (found.value.status === 'requires_action') throw inProgress('The security check with your bank is not finished yet');
      return settleCharge(caller, payment, found.value);
    },

    /**
     * Starts an instalment checkout. The visitor must have agreed to share their details with its
     * provider (SPEC 3 preference 9), recorded by POST /me/preferences before this call: the
     * server reads its own record, never the page's word (the body's consent only repeats it).
     */
    async startBnpl(caller: Caller, key: string, origin: string): Promise<BnplStartResponse> {
      const provider = bnpl();
      const order = await loadOrder(ctx, caller);
      const offer = bnplFor(ctx, order);
      if (!offer) {
        throw bnplNotOffered(
          order.recurring ? 'Instalments are not available for a commitment plan: pay by card' : 'Instalments are not available for this amount: pay by card',
        );
      }
      // SPEC 3 preference 9: the visitor agreed to share their details with the provider.
      const shared = (await ctx.repos.getPreferences(order.uid)).find((p) => p.preferenceId === PREFERENCE_IDS.shareWithBnpl);
      if (shared?.value !== true) throw flowOrder('Agree to share your details with the instalments provider first (preference 9)');
      const { fresh, payment } = await start(caller, newPayment(order, await soldTo(caller), 'bnpl', key, hashOf('bnpl:consent'), offer.instalments));
      if (!fresh && payment.status === 'requires_action' && payment.actionUrl) return { payment_id: payment.id, checkout_url: payment.actionUrl };
      if (!fresh && payment.status !== 'pending') {
        await answerStored(caller, payment);
        throw stepNotAllowed('payment');
      }
      const created = await provider.createCheckout({
        reference: payment.id,
        amountFils: payment.amountFils,
        currency: CURRENCY,
        idempotencyKey: payment.id,
        successUrl: `${origin}/spotii-success?payment=${payment.id}`,
        failureUrl: `${origin}/spotii-fail?payment=${payment.id}`,
        customer: { email: payment.email },
        description: payment.productName,
      });
      if (!created.ok) {
        if (created.reason === 'unavailable') throw providerUnavailable();
        await ctx.repos.updatePayment(payment.uid, payment.id, { status: 'declined', declineCode: PAYMENT_ERROR_CODES.bnpl }, ctx.now());
        throw declined(PAYMENT_ERROR_CODES.bnpl);
      }
      const checkout = created.value;
      await ctx.repos.updatePayment(payment.uid, payment.id, { status: 'requires_action', providerRef: checkout.id, actionUrl: checkout.checkoutUrl }, ctx.now());
      return { payment_id: payment.id, checkout_url: checkout.checkoutUrl };
    },

    /** The checkout after the provider's page: only the provider's approval lets us capture (the success address proves nothing). */
    async confirmBnpl(caller: Caller, paymentId: string): Promise<PaymentResult> {
      const { uid } = caller;
      const payment = await ctx.repos.getPayment(uid, paymentId);
      if (!payment || payment.method !== 'bnpl') throw notFound('No such instalment payment');
      const ref = await openToConfirm(caller, payment);
      if (typeof ref !== 'string') return ref;
      const provider = bnpl();
      const found = await provider.getCheckout(ref);
      if (!found.ok) {
        if (found.reason === 'unavailable') throw providerUnavailable();
        throw paymentMismatch('The instalment provider does not know this payment: contact us');
      }
      let checkout = found.value;
      if (checkout.amountFils !== payment.amountFils) {
        caller.log.error({ payment: payment.id, checkout: checkout.amountFils, expected: payment.amountFils }, 'the provider holds another amount');
        throw paymentMismatch('The instalment provider answered another amount: contact us before trying again');
      }
      if (checkout.status === 'approved') {
        // Nothing is captured for an order that is no longer the one approved.
        if (!(await ctx.repos.orderHolds(uid, payment.id))) {
          caller.log.warn({ payment: payment.id }, 'the order changed before the capture: the checkout is cancelled');
          throw orderChanged(await giveBack(caller, payment, PAYMENT_ERROR_CODES.orderChanged));
        }
        const captured = await provider.capture(checkout.id, payment.id);
        if (!captured.ok) {
          if (captured.reason === 'unavailable') throw providerUnavailable();
          checkout = { ...checkout, status: 'rejected' };
        } else {
          checkout = captured.value;
        }
      }
      if (checkout.status === 'captured') return capture(caller, payment, checkout.id, null);
      // Rejected, expired, cancelled, or not decided (open): nothing was taken; a new attempt may follow.
      await ctx.repos.updatePayment(uid, payment.id, { status: 'declined', declineCode: PAYMENT_ERROR_CODES.bnpl }, ctx.now());
      throw declined(PAYMENT_ERROR_CODES.bnpl);
    },

    /**
     * Gives up the visitor's open payment ("Finish or cancel the payment first"): voided at its
     * provider, so the 3-D Secure page or the checkout can no longer complete it. A payment that
     * went through meanwhile is captured instead (paid); a settled one is answered as it stands.
     */
    async cancel(caller: Caller, paymentId: string): Promise<PaymentCancelResponse> {
      const payment = await ctx.repos.getPayment(caller.uid, paymentId);
      if (!payment) throw notFound('No such payment');
      if (payment.status === 'captured') return { status: 'paid', receipt: receiptOf(payment) };
      if (payment.status === 'declined') return { status: 'cancelled' };
      // A card charge (or a terminal request) asked for but not answered may have gone through: only its retry (same key) can tell.
      if ((payment.method === 'card' || payment.method === 'counter') && !payment.providerRef) {
        throw inProgress('This payment is still being processed: retry it from the payment page, then cancel it if you still want to');
      }
      const now = await settlement.refreshOpen(caller, payment, { closeUndecided: false });
      if (now.status === 'captured') return { status: 'paid', receipt: receiptOf(now) };
      if (now.status === 'declined') return { status: 'cancelled' };
      const given = await giveBack(caller, now, PAYMENT_ERROR_CODES.paymentCancelled);
      caller.log.info({ payment: payment.id, refund: given.refund?.status }, 'payment cancelled by the visitor');
      return { status: 'cancelled' };
    },
  };
}
