import {
  CURRENCY,
  ROUTES,
  isProperlyLoggedIn,
  isRouteAllowed,
  type ContractRequestResponse,
  type OpenPayment,
  type PaymentSummaryResponse,
  type ReceiptResponse,
} from '@join/shared/contract';
import type { PaymentDeps } from './deps';
import type { PaymentRecord } from './repository';
import type { Caller } from '../../platform/caller';
import { mailUnavailable, notCommitment } from './errors';
import { flowOrder, notFound } from '../../platform/refusals';
import { loginRequired } from '../account';
import { loadFlowStatus, serverFlowContext } from '../flow';
import { bnplFor } from './charge-service';
import { loadOrder, repriceSaved } from './order';
import { amountOf, isRecurring, offersApplePay, showsPromoHint } from './payment';
import { contractMail } from './payment-mail';
import { paymentSettlement, receiptOf, type PaymentSettlement } from './payment-settlement';

/**
 * The payment's reads and documents: the summary the payment step shows, the receipt, the
 * commitment contract by e-mail, and who may confirm or settle a payment.
 */

export type PaymentService = ReturnType<typeof paymentService>;

export function paymentService(ctx: PaymentDeps, settlement: PaymentSettlement = paymentSettlement(ctx)) {
  /** The open payment as the summary shows it: what it takes, where to finish it, until when. */
  function openPaymentView(payment: PaymentRecord): OpenPayment {
    const windows = { card: ctx.payment.card?.actionWindowMs, bnpl: ctx.payment.bnpl?.checkoutWindowMs, counter: ctx.payment.terminal?.windowMs };
    const window = windows[payment.method] ?? 0;
    return {
      payment_id: payment.id,
      method: payment.method,
      amount_fils: payment.amountFils,
      action_url: payment.status === 'requires_action' ? payment.actionUrl : null,
      started_at: new Date(payment.createdAt).toISOString(),
      expires_at: new Date(payment.createdAt + window).toISOString(),
    };
  }

  return {
    /**
     * What the payment step shows: the order priced now, the ways to pay it, and an attempt still
     * open. `counterTerminal`: the shop's terminal of a retail customer session (pay at the counter is offered), else null.
     */
    async summary(caller: Caller, counterTerminal: string | null = null): Promise<PaymentSummaryResponse> {
      const provider = settlement.card();
      const order = await loadOrder(ctx, caller);
      const offer = bnplFor(ctx, order);
      const open = await settlement.openPaymentOf(caller, order.uid);
      return {
        product: order.product,
        package_price: order.choice.priced.price,
        amount_fils: order.amountFils,
        currency: CURRENCY,
        msisdn: order.msisdn,
        recurring: order.recurring,
        promo_hint: showsPromoHint(order.choice.priced.price),
        promo_code: order.choice.promoCode,
        card: { fields_url: provider.fieldsUrl, merchant_id: provider.merchantId },
        bnpl: offer ? { provider: offer.provider.name, instalments: offer.instalments } : null,
        apple_pay: offersApplePay(order.choice.product.allowedFeatures),
        open_payment: open ? openPaymentView(open) : null,
        counter: counterTerminal && ctx.payment.terminal ? { terminal_id: counterTerminal } : null,
      };
    },

    /** Whether the caller may see the payment's confirmation (paid, properly logged in). */
    async mayConfirm(caller: Caller): Promise<boolean> {
      const status = await loadFlowStatus(ctx, caller);
      return isRouteAllowed(ROUTES.paymentConfirmation, serverFlowContext(status));
    },

    /**
     * Whether the caller may confirm (or cancel) a payment: the confirmation rule, or, for an
     * e-mail login, a payment of theirs that `named` names. The provider's window may have
     * outlasted the number's hold (the payment step then closes): the confirm must still reach the
     * provider, so that money taken for an order that is no longer the visitor's is given back,
     * and say so again when asked again.
     */
    async maySettle(caller: Caller, named: unknown): Promise<boolean> {
      const status = await loadFlowStatus(ctx, caller);
      if (isRouteAllowed(ROUTES.paymentConfirmation, serverFlowContext(status))) return true;
      return isProperlyLoggedIn(status.flags) && typeof named === 'string' && (await ctx.repos.getPayment(caller.uid, named)) !== null;
    },

    /**
     * The commitment contract by e-mail (plan, months, monthly price with VAT, total, the number,
     * the terms in short): a properly logged-in user with a saved commitment plan. Once paid, what
     * was paid for (the payment's record: its product, amount and number); before, the saved plan
     * re-priced now and the number held.
     */
    async sendContract(caller: Caller): Promise<ContractRequestResponse> {
      const { uid, accountId, language } = caller;
      const account = accountId === null ? null : await ctx.repos.findAccountById(accountId);
      if (!account) throw loginRequired();
      const paid = await ctx.repos.getCapturedPayment(uid);
      const saved = paid ? null : await ctx.repos.getSavedPlan(uid);
      if (!paid && !saved) throw flowOrder('Save a plan first');
      const productCode = paid ? paid.productCode : (saved?.productCode ?? 0);
      const product = await ctx.repos.getCatalogueProduct(productCode, language);
      if (!product) throw notFound(`Product ${productCode} does not exist`);
      if (!isRecurring(product.category)) throw notCommitment();
      const hold = paid ? null : await ctx.repos.getActiveHold(uid, ctx.now());
      const msisdn = paid?.msisdn ?? (hold ? (hold.transfer ? hold.transfer.externalMsisdn : hold.msisdn) : null);
      if (!msisdn) throw flowOrder('Choose a number first: the contract names it');
      const monthlyFils = paid ? paid.amountFils : saved ? amountOf((await repriceSaved(ctx, uid, saved, language)).priced.price).amountFils : 0;
      const message = contractMail({ email: account.email, productName: product.name, months: product.commitmentMonths, monthlyFils, msisdn }, language);
      try {
        await ctx.mailer.send(message);
      } catch (err) {
        caller.log.error({ err }, 'the contract e-mail could not be sent');
        throw mailUnavailable();
      }
      return { email: account.email };
    },

    /** The receipt of the captured payment, its plan named in the caller's language now. */
    async receipt(caller: Caller): Promise<ReceiptResponse> {
      const payment = await ctx.repos.getCapturedPayment(caller.uid);
      if (!payment) throw notFound('Nothing has been paid yet');
      // The stored name is the one of the payment's moment, which the e-mail used; it stands if the product has gone from the catalogue.
      const product = await ctx.repos.getCatalogueProduct(payment.productCode, caller.language);
      return { receipt: { ...receiptOf(payment), product_name: product?.name ?? payment.productName } };
    },
  };
}
