import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  BnplConfirmBody,
  BnplStartBody,
  CardConfirmBody,
  CardPaymentBody,
  CURRENCY,
  IdempotencyKey,
  PAYMENT_ERROR_CODES,
  PaymentCancelBody,
  PREFERENCE_IDS,
  ROUTES,
  isProperlyLoggedIn,
  isRouteAllowed,
  toFils,
  type BnplStartResponse,
  type ContractRequestResponse,
  type OpenPayment,
  type PaymentCancelResponse,
  type PaymentResult,
  type PaymentSummaryResponse,
  type Product,
  type ReceiptResponse,
} from '@join/shared/contract';
import type { AppContext } from '../app-context';
import type { HoldRecord, NewPayment, PaymentRecord, SavedPlanRecord } from '../data/store';
import { loadFlowStatus, serverFlowContext } from '../domain/flow-context';
import { amountOf, bnplOffer, dubaiDate, isRecurring, newPaymentId, offersApplePay, paymentHoldUntil, showsPromoHint } from '../domain/payment';
import { contractMail } from '../domain/payment-mail';
import { MAX_SIMS_CODE, type SoldDocument } from '../domain/sim-limit';
import { badRequest, flowOrder, HttpError, loginRequired, notFound } from '../http/http-error';
import { authOf } from '../http/session-auth';
import { stepNotAllowed } from '../http/step-guard';
import { parseInput } from '../http/validate';
import { nameLanguage, productView } from './catalogue-view';
import {
  declined,
  inProgress,
  maxSimsReached,
  orderChanged,
  PAYMENT_IN_PROGRESS,
  paymentCancelled,
  paymentSettlement,
  providerUnavailable,
  receiptOf,
  type PaymentSettlement,
} from './payment-settlement';
import { evaluateChoice, type ChoiceInput, type EvaluatedChoice } from './plan-choice';
import { rateLimitConfig, rateLimitHook } from './rate-limits';

/**
 * The payment (issue 13; api/README.md "Payment"). The amount is always the saved plan re-priced
 * now by the plan step's own code; a body never carries one. Every charge is one payments row per
 * (user, idempotency key), created before the provider is asked, so a retry of the same key
 * answers the stored outcome or asks the provider again under the same provider key (our payment
 * id), which gives the same charge: a crash between the provider and the database heals on the
 * retry and never charges twice.
 */

// --- errors of the payment routes ---

export { PAYMENT_IN_PROGRESS, receiptOf };
export const IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused';
export const BNPL_NOT_OFFERED = 'bnpl_not_offered';
export const NOT_COMMITMENT = 'not_commitment';

// --- what is being bought, priced now ---

/** What is being bought, priced now (also the price a cash-on-delivery order collects, routes/delivery.ts). */
export interface Order {
  uid: string;
  email: string;
  saved: SavedPlanRecord;
  choice: EvaluatedChoice;
  product: Product;
  hold: HoldRecord;
  msisdn: string;
  amountFils: number;
  vatFils: number;
  recurring: boolean;
}

/** The saved plan's choice, as the save received it (the top-up is kept in the price's extra charges). */
export function choiceOfSaved(saved: SavedPlanRecord): ChoiceInput {
  const recharge = saved.price.ExtraCharges.find((c) => c.Name === 'RechargeAmount');
  return {
    plan_ids: saved.planIds,
    product_code: saved.productCode,
    booster_ids: saved.boosterIds,
    promotion_keys: saved.promotionKeys,
    ...(saved.promoCode ? { promo_code: saved.promoCode } : {}),
    ...(recharge ? { recharge_amount: toFils(recharge.Amount) } : {}),
  };
}

/** The saved plan re-priced now, exactly as the plan step's quote does; a plan that can no longer be bought as saved is a 409. */
export async function repriceSaved(ctx: AppContext, uid: string, saved: SavedPlanRecord, request: FastifyRequest): Promise<EvaluatedChoice> {
  try {
    return await evaluateChoice(ctx, uid, choiceOfSaved(saved), 'body', { requireConsent: false, language: nameLanguage(request) });
  } catch (e) {
    if (e instanceof HttpError && e.statusCode < 500) {
      throw flowOrder(`Your saved plan can no longer be bought as saved (${e.message}): choose your plan again`);
    }
    throw e;
  }
}

export async function loadOrder(ctx: AppContext, request: FastifyRequest): Promise<Order> {
  const { uid, accountId } = authOf(request);
  const account = accountId === null ? null : await ctx.store.findAccountById(accountId);
  if (!account) throw loginRequired();
  const saved = await ctx.store.getSavedPlan(uid);
  if (!saved) throw flowOrder('Save a plan first');
  const hold = await ctx.store.getActiveHold(uid, ctx.now());
  if (!hold) throw flowOrder('Choose a number first');
  if (!hold.committed) throw flowOrder('Confirm your number first');
  const choice = await repriceSaved(ctx, uid, saved, request);
  const product = await productView(ctx, choice.product);
  const { amountFils, vatFils } = amountOf(choice.priced.price);
  return {
    uid,
    email: account.email,
    saved,
    choice,
    product,
    hold,
    msisdn: hold.transfer ? hold.transfer.externalMsisdn : hold.msisdn,
    amountFils,
    vatFils,
    recurring: isRecurring(choice.product.category),
  };
}

function bnplFor(ctx: AppContext, order: Order) {
  const provider = ctx.payment.bnpl;
  const instalments = provider ? bnplOffer(provider, order.amountFils, order.recurring, dubaiDate(ctx.now())) : null;
  return provider && instalments ? { provider, instalments } : null;
}

// --- the request's facts ---

/** The Idempotency-Key header every charging POST carries (400 when missing or malformed). */
function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) throw badRequest('headers.idempotency-key', 'is required: one key per payment attempt');
  const parsed = IdempotencyKey.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw badRequest('headers.idempotency-key', parsed.error.issues[0]?.message ?? 'is invalid');
  return parsed.data;
}

/**
 * The page's origin, for the providers' return addresses: JOIN_PUBLIC_URL when set; else the
 * request's Origin header, only when it is this server's own origin (a browser sets Origin, and a
 * page of another site cannot make us send its visitor anywhere); never a bare Host header.
 */
export function pageOrigin(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.payment.publicOrigin) return ctx.payment.publicOrigin;
  const origin = request.headers.origin;
  const own = `${request.protocol}://${request.host}`;
  if (typeof origin === 'string' && origin === own) return origin;
  throw badRequest('headers.origin', 'must be the origin of this site (the payment page sends it)');
}

const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

// --- access ---

/** The allowed route after a payment: the payment step, or (once paid, properly logged in) its confirmation. */
async function confirmationAllowed(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const status = await loadFlowStatus(ctx, authOf(request));
  if (!isRouteAllowed(ROUTES.paymentConfirmation, serverFlowContext(status))) throw stepNotAllowed('payment');
}

/**
 * A confirm (and a cancel) of a payment: the confirmation rule, or, for an e-mail login, a payment
 * of theirs named by the body. The provider's window may have outlasted the number's hold (the
 * payment step then closes): the confirm must still reach the provider, so that money taken for an
 * order that is no longer the visitor's is given back, and say so again when asked again (issue 23).
 */
async function settlingAllowed(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const auth = authOf(request);
  const status = await loadFlowStatus(ctx, auth);
  if (isRouteAllowed(ROUTES.paymentConfirmation, serverFlowContext(status))) return;
  const named = (request.body as { payment_id?: unknown } | undefined)?.payment_id;
  if (isProperlyLoggedIn(status.flags) && typeof named === 'string' && (await ctx.store.getPayment(auth.uid, named))) return;
  throw stepNotAllowed('payment');
}

/** The open payment as the summary shows it: what it takes, where to finish it, until when. */
function openPaymentView(ctx: AppContext, payment: PaymentRecord): OpenPayment {
  const window = payment.method === 'card' ? (ctx.payment.card?.actionWindowMs ?? 0) : (ctx.payment.bnpl?.checkoutWindowMs ?? 0);
  return {
    payment_id: payment.id,
    method: payment.method,
    amount_fils: payment.amountFils,
    action_url: payment.status === 'requires_action' ? payment.actionUrl : null,
    started_at: new Date(payment.createdAt).toISOString(),
    expires_at: new Date(payment.createdAt + window).toISOString(),
  };
}

export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const paymentLimit = rateLimitHook(app, ctx.rateLimit.paymentMax, ctx.rateLimit.windowMs);
  const settlement: PaymentSettlement = paymentSettlement(ctx);
  const { card, bnpl, capture, settleCharge, giveBack, retryRefund } = settlement;

  /** Asks the provider for a charge (a new one, or the same one again under the same provider key). */
  async function driveCharge(request: FastifyRequest, payment: PaymentRecord, token: string, returnUrl: string): Promise<PaymentResult> {
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
    return settleCharge(request, payment, result.value);
  }

  /**
   * A stored outcome as the route's answer (a replay, or a confirm of a settled payment). An attempt
   * given up for a changed order or by the visitor says so (its refund tried again if it is pending).
   */
  async function answerStored(request: FastifyRequest, payment: PaymentRecord): Promise<PaymentResult> {
    if (payment.status === 'captured') return { status: 'paid', receipt: receiptOf(payment) };
    if (payment.status === 'declined') {
      if (payment.declineCode === PAYMENT_ERROR_CODES.orderChanged) throw orderChanged(await retryRefund(request, payment));
      if (payment.declineCode === MAX_SIMS_CODE) throw maxSimsReached(await retryRefund(request, payment));
      if (payment.declineCode === PAYMENT_ERROR_CODES.paymentCancelled) {
        await retryRefund(request, payment);
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
  async function start(request: FastifyRequest, payment: NewPayment): Promise<{ fresh: boolean; payment: PaymentRecord }> {
    for (let round = 0; round < 2; round += 1) {
      const started = await ctx.store.startPayment(payment, ctx.identity.maxSimsPerDocument);
      switch (started.kind) {
        case 'created':
          return { fresh: true, payment: started.payment };
        case 'replay':
          return { fresh: false, payment: started.payment };
        case 'key_reused':
          throw new HttpError(422, IDEMPOTENCY_KEY_REUSED, 'This idempotency key was used for another payment request: make a new key for a new attempt');
        case 'max_sims':
          request.log.info({ sold: started.sold }, 'payment refused: the document has the most SIMs sold');
          throw maxSimsReached();
        case 'order_changed':
          throw flowOrder('Your plan or number changed while we were getting the payment ready: check your order, then pay again');
        case 'paid':
          throw stepNotAllowed('payment');
        case 'in_progress': {
          const now = await settlement.refreshOpen(request, started.payment, { closeUndecided: true });
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
   * The attempt as it starts: the amounts and what is bought, recorded (issue 23: the saved plan row
   * and the hold's claim it was priced from, the choice and the price), and how long the number is
   * kept: the provider's window (3-D Secure, the BNPL checkout) and the way back.
   */
  function newPayment(
    order: Order,
    document: SoldDocument,
    method: 'card' | 'bnpl',
    key: string,
    requestHash: string,
    instalments: NewPayment['instalments'],
  ): NewPayment {
    const now = ctx.now();
    const window = method === 'card' ? card().actionWindowMs : bnpl().checkoutWindowMs;
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
      createdAt: now,
    };
  }

  /**
   * The document the sale is made to (issue 23): the logged-in account's verified decision (the
   * payment rule needs is_id_verified, which is this account's). The database refuses a payment
   * that names a document its user was not verified with.
   */
  async function soldTo(request: FastifyRequest): Promise<SoldDocument> {
    const { uid, accountId } = authOf(request);
    const decision = accountId === null ? null : await ctx.store.getVerifiedDecision(uid, accountId);
    if (!decision) throw stepNotAllowed('payment');
    return { kind: decision.documentKind, number: decision.documentNumber };
  }

  // --- routes ---

  app.get('/payment/summary', { config: { flowStep: 'payment' } }, async (request): Promise<PaymentSummaryResponse> => {
    const provider = card();
    const order = await loadOrder(ctx, request);
    const offer = bnplFor(ctx, order);
    const open = await settlement.openPaymentOf(request, order.uid);
    return {
      product: order.product,
      package_price: order.choice.priced.price,
      amount_fils: order.amountFils,
      currency: CURRENCY,
      msisdn: order.msisdn,
      recurring: order.recurring,
      promo_hint: showsPromoHint(order.choice.priced.price),
      card: { fields_url: provider.fieldsUrl, merchant_id: provider.merchantId },
      bnpl: offer ? { provider: offer.provider.name, instalments: offer.instalments } : null,
      apple_pay: offersApplePay(order.choice.product.allowedFeatures),
      open_payment: open ? openPaymentView(ctx, open) : null,
    };
  });

  app.post('/payment/card', { onRequest: paymentLimit, config: { flowStep: 'payment' } }, async (request): Promise<PaymentResult> => {
    const key = idempotencyKeyOf(request);
    const { token } = parseInput(CardPaymentBody, request.body, 'body');
    card();
    const origin = pageOrigin(ctx, request);
    const order = await loadOrder(ctx, request);
    const { fresh, payment } = await start(request, newPayment(order, await soldTo(request), 'card', key, hashOf(`card:${token}`), null));
    // A replay answers what is stored; only an attempt without the provider's answer asks again.
    if (!fresh && payment.status !== 'pending') return answerStored(request, payment);
    return driveCharge(request, payment, token, `${origin}/#${ROUTES.payfortToken}?payment=${payment.id}`);
  });

  app.post('/payment/card/confirm', { onRequest: paymentLimit, preHandler: (request) => settlingAllowed(ctx, request) }, async (request): Promise<PaymentResult> => {
    const { payment_id } = parseInput(CardConfirmBody, request.body, 'body');
    const { uid } = authOf(request);
    const payment = await ctx.store.getPayment(uid, payment_id);
    if (!payment || payment.method !== 'card') throw notFound('No such card payment');
    if (payment.status === 'captured' || payment.status === 'declined') return answerStored(request, payment);
    if (await ctx.store.getCapturedPayment(uid)) throw stepNotAllowed('payment');
    if (!payment.providerRef) throw inProgress('This payment is still being processed: try again in a moment');
    // The return address proves nothing: the provider says how the charge stands.
    const found = await card().getCharge(payment.providerRef);
    if (!found.ok) {
      if (found.reason === 'unavailable') throw providerUnavailable();
      throw new HttpError(502, 'payment_mismatch', 'The payment provider does not know this payment: contact us');
    }
    if (found.value.status === 'requires_action') throw inProgress('The security check with your bank is not finished yet');
    return settleCharge(request, payment, found.value);
  });

  app.post('/payment/bnpl', { onRequest: paymentLimit, config: { flowStep: 'payment' } }, async (request): Promise<BnplStartResponse> => {
    const key = idempotencyKeyOf(request);
    parseInput(BnplStartBody, request.body, 'body');
    const provider = bnpl();
    const origin = pageOrigin(ctx, request);
    const order = await loadOrder(ctx, request);
    const offer = bnplFor(ctx, order);
    if (!offer) {
      throw new HttpError(
        409,
        BNPL_NOT_OFFERED,
        order.recurring ? 'Instalments are not available for a commitment plan: pay by card' : 'Instalments are not available for this amount: pay by card',
      );
    }
    // SPEC 3 preference 9: the visitor agreed to share their details with the provider.
    await ctx.store.setPreference(order.uid, PREFERENCE_IDS.shareWithBnpl, true);
    const { fresh, payment } = await start(request, newPayment(order, await soldTo(request), 'bnpl', key, hashOf('bnpl:consent'), offer.instalments));
    if (!fresh && payment.status === 'requires_action' && payment.actionUrl) return { payment_id: payment.id, checkout_url: payment.actionUrl };
    if (!fresh && payment.status !== 'pending') {
      await answerStored(request, payment);
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
      await ctx.store.updatePayment(payment.uid, payment.id, { status: 'declined', declineCode: PAYMENT_ERROR_CODES.bnpl }, ctx.now());
      throw declined(PAYMENT_ERROR_CODES.bnpl);
    }
    const checkout = created.value;
    await ctx.store.updatePayment(payment.uid, payment.id, { status: 'requires_action', providerRef: checkout.id, actionUrl: checkout.checkoutUrl }, ctx.now());
    return { payment_id: payment.id, checkout_url: checkout.checkoutUrl };
  });

  app.post('/payment/bnpl/confirm', { onRequest: paymentLimit, preHandler: (request) => settlingAllowed(ctx, request) }, async (request): Promise<PaymentResult> => {
    const { payment_id } = parseInput(BnplConfirmBody, request.body, 'body');
    const { uid } = authOf(request);
    const payment = await ctx.store.getPayment(uid, payment_id);
    if (!payment || payment.method !== 'bnpl') throw notFound('No such instalment payment');
    if (payment.status === 'captured' || payment.status === 'declined') return answerStored(request, payment);
    if (await ctx.store.getCapturedPayment(uid)) throw stepNotAllowed('payment');
    if (!payment.providerRef) throw inProgress('This payment is still being processed: try again in a moment');
    const provider = bnpl();
    // The success address proves nothing: only the provider's approval lets us capture.
    const found = await provider.getCheckout(payment.providerRef);
    if (!found.ok) {
      if (found.reason === 'unavailable') throw providerUnavailable();
      throw new HttpError(502, 'payment_mismatch', 'The instalment provider does not know this payment: contact us');
    }
    let checkout = found.value;
    if (checkout.amountFils !== payment.amountFils) {
      request.log.error({ payment: payment.id, checkout: checkout.amountFils, expected: payment.amountFils }, 'the provider holds another amount');
      throw new HttpError(502, 'payment_mismatch', 'The instalment provider answered another amount: contact us before trying again');
    }
    if (checkout.status === 'approved') {
      // Issue 23: nothing is captured for an order that is no longer the one approved.
      if (!(await ctx.store.orderHolds(uid, payment.id))) {
        request.log.warn({ payment: payment.id }, 'the order changed before the capture: the checkout is cancelled');
        throw orderChanged(await giveBack(request, payment, PAYMENT_ERROR_CODES.orderChanged));
      }
      const captured = await provider.capture(checkout.id, payment.id);
      if (!captured.ok) {
        if (captured.reason === 'unavailable') throw providerUnavailable();
        checkout = { ...checkout, status: 'rejected' };
      } else {
        checkout = captured.value;
      }
    }
    if (checkout.status === 'captured') return capture(request, payment, checkout.id, null);
    // Rejected, expired, cancelled, or not decided (open): nothing was taken; a new attempt may follow.
    await ctx.store.updatePayment(uid, payment.id, { status: 'declined', declineCode: PAYMENT_ERROR_CODES.bnpl }, ctx.now());
    throw declined(PAYMENT_ERROR_CODES.bnpl);
  });

  /**
   * Gives up the visitor's open payment (issue 23: "Finish or cancel the payment first"): voided at
   * its provider, so the 3-D Secure page or the checkout can no longer complete it. A payment that
   * went through meanwhile is captured instead (paid); a settled one is answered as it stands.
   */
  app.post('/payment/cancel', { onRequest: paymentLimit, preHandler: (request) => settlingAllowed(ctx, request) }, async (request): Promise<PaymentCancelResponse> => {
    const { payment_id } = parseInput(PaymentCancelBody, request.body, 'body');
    const { uid } = authOf(request);
    const payment = await ctx.store.getPayment(uid, payment_id);
    if (!payment) throw notFound('No such payment');
    if (payment.status === 'captured') return { status: 'paid', receipt: receiptOf(payment) };
    if (payment.status === 'declined') return { status: 'cancelled' };
    // A card charge asked for but not answered may have gone through: only its retry (same key) can tell.
    if (payment.method === 'card' && !payment.providerRef) {
      throw inProgress('This payment is still being processed: retry it from the payment page, then cancel it if you still want to');
    }
    const now = await settlement.refreshOpen(request, payment, { closeUndecided: false });
    if (now.status === 'captured') return { status: 'paid', receipt: receiptOf(now) };
    if (now.status === 'declined') return { status: 'cancelled' };
    const given = await giveBack(request, now, PAYMENT_ERROR_CODES.paymentCancelled);
    request.log.info({ payment: payment.id, refund: given.refund?.status }, 'payment cancelled by the visitor');
    return { status: 'cancelled' };
  });

  /**
   * The commitment contract by e-mail (plan, months, monthly price with VAT, total, the number,
   * the terms in short): a properly logged-in user with a saved commitment plan. Once paid, what was
   * paid for (the payment's record: its product, amount and number); before, the saved plan
   * re-priced now and the number held.
   */
  app.post(
    '/me/contract_request',
    { config: rateLimitConfig(ctx.rateLimit.contractRequestMax, ctx.rateLimit.windowMs) },
    async (request): Promise<ContractRequestResponse> => {
      const { uid, accountId } = authOf(request);
      const account = accountId === null ? null : await ctx.store.findAccountById(accountId);
      if (!account) throw loginRequired();
      const paid = await ctx.store.getCapturedPayment(uid);
      const saved = paid ? null : await ctx.store.getSavedPlan(uid);
      if (!paid && !saved) throw flowOrder('Save a plan first');
      const productCode = paid ? paid.productCode : (saved?.productCode ?? 0);
      const product = await ctx.store.getCatalogueProduct(productCode, nameLanguage(request));
      if (!product) throw notFound(`Product ${productCode} does not exist`);
      if (!isRecurring(product.category)) throw new HttpError(409, NOT_COMMITMENT, 'Your plan is not a commitment plan: there is no contract to send');
      const hold = paid ? null : await ctx.store.getActiveHold(uid, ctx.now());
      const msisdn = paid?.msisdn ?? (hold ? (hold.transfer ? hold.transfer.externalMsisdn : hold.msisdn) : null);
      if (!msisdn) throw flowOrder('Choose a number first: the contract names it');
      const monthlyFils = paid ? paid.amountFils : saved ? amountOf((await repriceSaved(ctx, uid, saved, request)).priced.price).amountFils : 0;
      const message = contractMail(
        { email: account.email, productName: product.name, months: product.commitmentMonths, monthlyFils, msisdn },
        nameLanguage(request),
      );
      try {
        await ctx.mailer.send(message);
      } catch (err) {
        request.log.error({ err }, 'the contract e-mail could not be sent');
        throw new HttpError(503, 'mail_unavailable', 'The contract could not be e-mailed right now: please try again later');
      }
      return { email: account.email };
    },
  );

  app.get('/payment/receipt', { preHandler: (request) => confirmationAllowed(ctx, request) }, async (request): Promise<ReceiptResponse> => {
    const payment = await ctx.store.getCapturedPayment(authOf(request).uid);
    if (!payment) throw notFound('Nothing has been paid yet');
    // The plan named in the page's language now (the stored name is the one of the payment's
    // moment, which the e-mail used); the stored name if the product has gone from the catalogue.
    const product = await ctx.store.getCatalogueProduct(payment.productCode, nameLanguage(request));
    return { receipt: { ...receiptOf(payment), product_name: product?.name ?? payment.productName } };
  });
}

/**
 * The sweep's part (issue 23): refunds that could not be made when an attempt was given up are
 * tried again, a few at a time, until the provider takes them.
 */
export async function retryPendingRefunds(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  const pending = await ctx.store.listPendingRefunds(20);
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
