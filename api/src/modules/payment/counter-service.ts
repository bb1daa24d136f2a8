import { createHash } from 'node:crypto';
import { CURRENCY, PAYMENT_ERROR_CODES, type CounterStartResponse, type CounterStatusResponse } from '@join/shared/contract';
import type { PaymentDeps, RetailSessionOf } from './deps';
import type { Caller } from '../../platform/caller';
import { notFound, stepNotAllowed } from '../../platform/refusals';
import { loadOrder } from './order';
import { counterNotAvailable, inProgress, paymentMismatch, providerUnavailable, terminalBusy } from './errors';
import type { ChargeService } from './charge-service';
import type { PaymentSettlement } from './payment-settlement';

/**
 * Pay at the counter (retail mode): the payment is sent to the shop's terminal, a staff member
 * takes the card on it, and only the terminal's signed answer settles it. The amount is the
 * server's (the order priced now, as for a card); the terminal is the retail session's shop's,
 * recorded with the attempt. Starts, replays, the open-payment rule, the capture (receipt,
 * e-mail, order lock) and the cancel are the other methods' (charge-service.ts).
 */
export type CounterService = ReturnType<typeof counterService>;

export function counterService(ctx: PaymentDeps, charges: ChargeService, settlement: PaymentSettlement) {
  const { start, newPayment, soldTo, openToConfirm, answerStored } = charges.steps;

  return {
    /** The retail customer session of this token, or 403: counter payment exists only on a shop device. */
    async retailOf(tokenHash: string): Promise<RetailSessionOf> {
      const retail = await ctx.retailSessions.sessionOf(tokenHash);
      if (!retail) throw counterNotAvailable();
      return retail;
    },

    async startCounter(caller: Caller, key: string, retail: RetailSessionOf): Promise<CounterStartResponse> {
      const terminal = settlement.terminal();
      const order = await loadOrder(ctx, caller);
      const requestHash = createHash('sha256').update(`counter:${retail.terminalId}`).digest('hex');
      const { fresh, payment } = await start(caller, newPayment(order, await soldTo(caller), 'counter', key, requestHash, null, retail.terminalId));
      const answer = { payment_id: payment.id, status: 'pending' as const, terminal_id: retail.terminalId };
      if (!fresh && payment.status === 'requires_action') return answer;
      if (!fresh && payment.status !== 'pending') {
        await answerStored(caller, payment);
        throw stepNotAllowed('payment');
      }
      const sent = await terminal.createRequest({ terminalId: retail.terminalId, reference: payment.id, amountFils: payment.amountFils, idempotencyKey: payment.id });
      if (!sent.ok) {
        // Unavailable: the row stays pending; the same key sends it again (the terminal replays its request).
        if (sent.reason === 'unavailable') throw providerUnavailable();
        await ctx.repos.updatePayment(payment.uid, payment.id, { status: 'declined', declineCode: PAYMENT_ERROR_CODES.paymentCancelled }, ctx.now());
        if (sent.reason === 'busy') throw terminalBusy();
        caller.log.error({ payment: payment.id, terminal: retail.terminalId }, 'the shop’s terminal is unknown to the terminal provider');
        throw paymentMismatch('This shop’s terminal is not known to the payment terminal service: ask a manager');
      }
      await ctx.repos.updatePayment(payment.uid, payment.id, { status: 'requires_action', providerRef: sent.value.id, actionUrl: null }, ctx.now());
      caller.log.info({ payment: payment.id, terminal: retail.terminalId, shop: retail.shopId, staff: retail.staffId, amount_fils: payment.amountFils, currency: CURRENCY }, 'counter payment sent to the terminal');
      return answer;
    },

    /** The terminal's answer: pending, or (its signature verified, its fields the payment's) paid, declined or cancelled. */
    async confirmCounter(caller: Caller, paymentId: string): Promise<CounterStatusResponse> {
      const payment = await ctx.repos.getPayment(caller.uid, paymentId);
      if (!payment || payment.method !== 'counter') throw notFound('No such counter payment');
      const ref = await openToConfirm(caller, payment);
      if (typeof ref !== 'string') {
        if (ref.status === 'paid') return ref;
        throw inProgress('This payment is still being processed: try again in a moment');
      }
      const found = await settlement.terminal().getRequest(ref);
      if (!found.ok) {
        if (found.reason === 'unavailable') throw providerUnavailable();
        throw paymentMismatch('The terminal service does not know this payment: ask a manager');
      }
      const state = found.value;
      if (state.kind === 'pending') return { status: 'pending', payment_id: payment.id };
      if (state.kind === 'forged') {
        caller.log.error({ payment: payment.id, detail: state.detail }, 'the terminal’s answer is not signed by the terminal provider: refused');
        throw paymentMismatch('The terminal’s answer could not be verified: nothing was recorded. Ask a manager before trying again.');
      }
      return settlement.settleCounter(caller, payment, state.result);
    },
  };
}
