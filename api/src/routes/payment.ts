import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BnplConfirmBody,
  BnplStartBody,
  CardConfirmBody,
  CardPaymentBody,
  CURRENCY,
  IdempotencyKey,
  PAYMENT_ERROR_CODES,
  PREFERENCE_IDS,
  ROUTES,
  isRouteAllowed,
  type BnplStartResponse,
  type ContractRequestResponse,
  type PaymentResult,
  type PaymentSummaryResponse,
  type Product,
  type Receipt,
  type ReceiptResponse,
} from '@join/shared/contract';
import type { AppContext } from '../app-context';
import type { HoldRecord, NewPayment, PaymentRecord, SavedPlanRecord } from '../data/store';
import { loadFlowStatus, serverFlowContext } from '../domain/flow-context';
import {
  amountOf,
  bnplOffer,
  DECLINE_CODES,
  dubaiDate,
  isRecurring,
  newPaymentId,
  newReceiptReference,
  offersApplePay,
  PROVIDER_UNAVAILABLE_CODE,
  showsPromoHint,
} from '../domain/payment';
import { contractMail, receiptMail } from '../domain/payment-mail';
import { toFils as toFilsFromAed } from '../domain/pricing';
import { badRequest, flowOrder, HttpError, loginRequired, notFound } from '../http/http-error';
import { authOf } from '../http/session-auth';
import { stepNotAllowed } from '../http/step-guard';
import { parseInput } from '../http/validate';
import type { BnplProvider, CardCharge, CardProvider } from '../payment/providers';
import { nameLanguage, productView } from './catalogue-view';
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

export const PAYMENT_IN_PROGRESS = 'payment_in_progress';
export const IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused';
export const BNPL_NOT_OFFERED = 'bnpl_not_offered';
export const NOT_COMMITMENT = 'not_commitment';

const inProgress = (message: string) => new HttpError(409, PAYMENT_IN_PROGRESS, message);
const declined = (code: number | string) =>
  new HttpError(402, code, code === PAYMENT_ERROR_CODES.bnpl ? 'Paying in instalments did not go through' : 'The card was not charged');
const providerUnavailable = () =>
  new HttpError(503, PROVIDER_UNAVAILABLE_CODE, 'The payment provider cannot be reached right now: please try again in a moment');
const notConfigured = (what: string) => new HttpError(503, 'payment_unavailable', `${what} payments are not available on this server`);

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
    ...(recharge ? { recharge_amount: toFilsFromAed(recharge.Amount) } : {}),
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

// --- receipts ---

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

/** The allowed route after a payment: the payment step, or (once paid, properly logged in) its confirmation. */
async function confirmationAllowed(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const status = await loadFlowStatus(ctx, authOf(request));
  if (!isRouteAllowed(ROUTES.paymentConfirmation, serverFlowContext(status))) throw stepNotAllowed('payment');
}

export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const paymentLimit = rateLimitHook(app, ctx.rateLimit.paymentMax, ctx.rateLimit.windowMs);

  function card(): CardProvider {
    if (!ctx.payment.card) throw notConfigured('Card');
    return ctx.payment.card;
  }
  function bnpl(): BnplProvider {
    if (!ctx.payment.bnpl) throw notConfigured('Instalment');
    return ctx.payment.bnpl;
  }

  /** Captures in one transaction with is_plan_paid; the receipt e-mail goes after the commit, once. */
  async function capture(request: FastifyRequest, payment: PaymentRecord, providerRef: string, charge: Pick<CardCharge, 'brand' | 'last4'> | null) {
    const done = await ctx.store.capturePayment(
      payment.uid,
      payment.id,
      { providerRef, cardBrand: charge?.brand ?? null, cardLast4: charge?.last4 ?? null, receiptReference: newReceiptReference() },
      ctx.now(),
    );
    if (!done) throw notFound('No such payment');
    const receipt = receiptOf(done.payment);
    if (done.newly) {
      request.log.info({ payment: payment.id, method: payment.method, amount_fils: payment.amountFils }, 'payment captured');
      try {
        await ctx.mailer.send(receiptMail(receipt, nameLanguage(request), payment.method === 'bnpl' ? (ctx.payment.bnpl?.name ?? null) : null));
      } catch (err) {
        // The payment stands: the receipt is on the confirmation page and GET /payment/receipt.
        request.log.error({ err, payment: payment.id }, 'the receipt e-mail could not be sent');
      }
    }
    return { status: 'paid' as const, receipt };
  }

  /** A card charge's answer, stored and turned into the route's answer. */
  async function settleCharge(request: FastifyRequest, payment: PaymentRecord, charge: CardCharge): Promise<PaymentResult> {
    if (charge.amountFils !== payment.amountFils) {
      request.log.error({ payment: payment.id, charged: charge.amountFils, expected: payment.amountFils }, 'the provider charged another amount');
      throw new HttpError(502, 'payment_mismatch', 'The payment provider answered another amount: contact us before trying again');
    }
    if (charge.status === 'succeeded') return capture(request, payment, charge.id, charge);
    if (charge.status === 'requires_action' && charge.actionUrl) {
      await ctx.store.updatePayment(
        payment.uid,
        payment.id,
        { status: 'requires_action', providerRef: charge.id, actionUrl: charge.actionUrl, cardBrand: charge.brand, cardLast4: charge.last4 },
        ctx.now(),
      );
      return { status: 'action_required', payment_id: payment.id, action_url: charge.actionUrl };
    }
    const code = DECLINE_CODES[charge.declineReason ?? 'generic_decline'];
    await ctx.store.updatePayment(payment.uid, payment.id, { status: 'declined', declineCode: code, providerRef: charge.id, cardBrand: charge.brand, cardLast4: charge.last4 }, ctx.now());
    request.log.info({ payment: payment.id, reason: charge.declineReason }, 'card declined');
    throw declined(code);
  }

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

  /** A stored outcome as the route's answer (a replay, or a confirm of a settled payment). */
  function answerStored(payment: PaymentRecord): PaymentResult {
    if (payment.status === 'captured') return { status: 'paid', receipt: receiptOf(payment) };
    if (payment.status === 'declined') throw declined(payment.declineCode ?? PAYMENT_ERROR_CODES.bnpl);
    if (payment.status === 'requires_action' && payment.actionUrl && payment.method === 'card') {
      return { status: 'action_required', payment_id: payment.id, action_url: payment.actionUrl };
    }
    throw inProgress('This payment is still being processed: try again in a moment');
  }

  /**
   * Another attempt of the user is open: ask its provider where it stands. A 3-D Secure charge that
   * succeeded is captured, one that failed is declined; a BNPL checkout that was not approved is
   * closed on our side (without a capture it takes no money). Answers the attempt as it is now.
   */
  async function refreshOpen(request: FastifyRequest, open: PaymentRecord): Promise<PaymentRecord> {
    if (!open.providerRef) return open;
    if (open.method === 'card') {
      const found = ctx.payment.card ? await ctx.payment.card.getCharge(open.providerRef) : null;
      if (!found?.ok) return open;
      const charge = found.value;
      if (charge.status === 'requires_action') return open;
      try {
        await settleCharge(request, open, charge);
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
      }
    } else {
      const found = ctx.payment.bnpl ? await ctx.payment.bnpl.getCheckout(open.providerRef) : null;
      if (!found?.ok) return open;
      const checkout = found.value;
      if (checkout.status === 'captured') await capture(request, open, checkout.id, null);
      else if (checkout.status !== 'approved') {
        await ctx.store.updatePayment(open.uid, open.id, { status: 'declined', declineCode: PAYMENT_ERROR_CODES.bnpl }, ctx.now());
      }
    }
    return (await ctx.store.getPayment(open.uid, open.id)) ?? open;
  }

  /** Starts (or replays) the attempt of this key; answers the row to act on, or throws the stored outcome. */
  async function start(request: FastifyRequest, payment: NewPayment): Promise<{ fresh: boolean; payment: PaymentRecord }> {
    for (let round = 0; round < 2; round += 1) {
      const started = await ctx.store.startPayment(payment);
      switch (started.kind) {
        case 'created':
          return { fresh: true, payment: started.payment };
        case 'replay':
          return { fresh: false, payment: started.payment };
        case 'key_reused':
          throw new HttpError(422, IDEMPOTENCY_KEY_REUSED, 'This idempotency key was used for another payment request: make a new key for a new attempt');
        case 'paid':
          throw stepNotAllowed('payment');
        case 'in_progress': {
          const now = await refreshOpen(request, started.payment);
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

  function newPayment(order: Order, method: 'card' | 'bnpl', key: string, requestHash: string, instalments: NewPayment['instalments']): NewPayment {
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
      createdAt: ctx.now(),
    };
  }

  // --- routes ---

  app.get('/payment/summary', { config: { flowStep: 'payment' } }, async (request): Promise<PaymentSummaryResponse> => {
    const provider = card();
    const order = await loadOrder(ctx, request);
    const offer = bnplFor(ctx, order);
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
    };
  });

  app.post('/payment/card', { onRequest: paymentLimit, config: { flowStep: 'payment' } }, async (request): Promise<PaymentResult> => {
    const key = idempotencyKeyOf(request);
    const { token } = parseInput(CardPaymentBody, request.body, 'body');
    card();
    const origin = pageOrigin(ctx, request);
    const order = await loadOrder(ctx, request);
    const { fresh, payment } = await start(request, newPayment(order, 'card', key, hashOf(`card:${token}`), null));
    // A replay answers what is stored; only an attempt without the provider's answer asks again.
    if (!fresh && payment.status !== 'pending') return answerStored(payment);
    return driveCharge(request, payment, token, `${origin}/#${ROUTES.payfortToken}?payment=${payment.id}`);
  });

  app.post('/payment/card/confirm', { onRequest: paymentLimit, preHandler: (request) => confirmationAllowed(ctx, request) }, async (request): Promise<PaymentResult> => {
    const { payment_id } = parseInput(CardConfirmBody, request.body, 'body');
    const { uid } = authOf(request);
    const payment = await ctx.store.getPayment(uid, payment_id);
    if (!payment || payment.method !== 'card') throw notFound('No such card payment');
    if (payment.status === 'captured' || payment.status === 'declined') return answerStored(payment);
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
    const { fresh, payment } = await start(request, newPayment(order, 'bnpl', key, hashOf('bnpl:consent'), offer.instalments));
    if (!fresh && payment.status === 'requires_action' && payment.actionUrl) return { payment_id: payment.id, checkout_url: payment.actionUrl };
    if (!fresh && payment.status !== 'pending') {
      answerStored(payment);
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

  app.post('/payment/bnpl/confirm', { onRequest: paymentLimit, preHandler: (request) => confirmationAllowed(ctx, request) }, async (request): Promise<PaymentResult> => {
    const { payment_id } = parseInput(BnplConfirmBody, request.body, 'body');
    const { uid } = authOf(request);
    const payment = await ctx.store.getPayment(uid, payment_id);
    if (!payment || payment.method !== 'bnpl') throw notFound('No such instalment payment');
    if (payment.status === 'captured' || payment.status === 'declined') return answerStored(payment);
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
      const captured = await provider.capture(checkout.id, payment.id);
      if (!captured.ok) {
        if (captured.reason === 'unavailable') throw providerUnavailable();
        checkout = { ...checkout, status: 'rejected' };
      } else {
        checkout = captured.value;
      }
    }
    if (checkout.status === 'captured') return capture(request, payment, checkout.id, null);
    // Rejected, expired, or not decided (open): nothing was taken; a new attempt may follow.
    await ctx.store.updatePayment(uid, payment.id, { status: 'declined', declineCode: PAYMENT_ERROR_CODES.bnpl }, ctx.now());
    throw declined(PAYMENT_ERROR_CODES.bnpl);
  });

  /**
   * The commitment contract by e-mail (plan, months, monthly price with VAT, total, the number,
   * the terms in short): a properly logged-in user with a saved commitment plan. Prices are what
   * was paid once paid, else the saved plan re-priced now; the number is the one held.
   */
  app.post(
    '/me/contract_request',
    { config: rateLimitConfig(ctx.rateLimit.contractRequestMax, ctx.rateLimit.windowMs) },
    async (request): Promise<ContractRequestResponse> => {
      const { uid, accountId } = authOf(request);
      const account = accountId === null ? null : await ctx.store.findAccountById(accountId);
      if (!account) throw loginRequired();
      const saved = await ctx.store.getSavedPlan(uid);
      if (!saved) throw flowOrder('Save a plan first');
      const product = await ctx.store.getCatalogueProduct(saved.productCode, nameLanguage(request));
      if (!product) throw notFound(`Product ${saved.productCode} does not exist`);
      if (!isRecurring(product.category)) throw new HttpError(409, NOT_COMMITMENT, 'Your plan is not a commitment plan: there is no contract to send');
      const paid = await ctx.store.getCapturedPayment(uid);
      const hold = await ctx.store.getActiveHold(uid, ctx.now());
      const msisdn = paid?.msisdn ?? (hold ? (hold.transfer ? hold.transfer.externalMsisdn : hold.msisdn) : null);
      if (!msisdn) throw flowOrder('Choose a number first: the contract names it');
      const monthlyFils = paid ? paid.amountFils : amountOf((await repriceSaved(ctx, uid, saved, request)).priced.price).amountFils;
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
