import { DELIVERY_PROMISE_MINUTES, type DeliveryBody, type OrderKind, type OrderResponse } from '@join/shared/contract';
import type { FulfilmentDeps } from './deps';
import { SimLimitReachedError, type NewOrder, type OrderIdentity, type OrderRecord, type OrderUpdate } from './repository';
import type { Caller } from '../../platform/caller';
import { loginRequired } from '../account';
import { stepNotAllowed } from '../../platform/refusals';
import type { Log } from '../../platform/log';
import { loadFlowStatus, type ServerFlowStatus } from '../flow';
import { maskNumber } from '../identity';
import { loadOrder as loadPricedPlan } from '../payment';
import { maxSimsReached } from '../payment';
import { coverageOf } from './delivery-service';
import { courierRejected, deliveryClosed, deliveryUnsupported, esimNotIssued, esimUnavailable, identityRequired, unknownStore } from './errors';
import { mayReadSecrets, orderView } from './delivery-views';
import { orderMail } from './order-mail';
import { internationalPhone, isFinal, newOrderId, newOrderNumber, ORDER_REFRESH_MS, updateFromCourier, updateFromEsim } from './orders';

/**
 * The user's one order (api/README.md "Delivery"): a delivery, a store pickup or an instant eSIM,
 * with its live status. An order is one row per user, inserted before any provider is asked, and
 * the providers' idempotency keys derive from its id: a double click, a second tab or a retry
 * after a lost answer finds the same order and books the same courier job or eSIM profile, never
 * a second one.
 */

export type OrderService = ReturnType<typeof orderService>;

export function orderService(ctx: FulfilmentDeps) {
  /** A failure is a look too: the next one waits ORDER_REFRESH_MS, as after any other. */
  const looked = async (order: OrderRecord) => (await ctx.repos.updateOrder(order.uid, order.id, { refreshedAt: ctx.now() }, ctx.now())) ?? order;

  /** Asks the courier to book (or find again, by the same key) the order's job; answers the order as it is then. */
  async function book(order: OrderRecord, log: Log): Promise<{ order: OrderRecord; rejected: boolean }> {
    const store = order.storeId ? await ctx.repos.getStoreLocation(order.storeId) : null;
    const d = order.delivery;
    try {
      const result = await ctx.courier.createJob({
        kind: order.kind === 'pickup' ? 'pickup' : 'delivery',
        reference: order.orderNumber,
        idempotencyKey: `${order.id}:courier`,
        dropoff: d
          ? { lat: d.lat, lng: d.lng, address: d.address, address2: d.address2, instructions: d.instructions, phone: d.phone }
          : store
            ? { lat: store.lat, lng: store.lng, address: store.address.en, address2: '', instructions: '', phone: '' }
            : null,
        storeId: order.storeId,
        cashOnDeliveryFils: order.amountDueFils,
        // The verified person the SIM is for: the desk and the courier check the document against it.
        recipient: order.identity
          ? { name: order.identity.holderName ?? '—', documentKind: order.identity.documentKind, documentNumberMasked: order.identity.documentNumberMasked }
          : null,
      });
      if (!result.ok) {
        if (result.reason === 'rejected') return { order, rejected: true };
        log.warn({ order: order.id }, 'the courier is unavailable: the job is booked on the next look at the order');
        return { order: await looked(order), rejected: false };
      }
      return { order: (await ctx.repos.updateOrder(order.uid, order.id, updateFromCourier(order, result.value, ctx.now()), ctx.now())) ?? order, rejected: false };
    } catch (err) {
      log.error({ err, order: order.id }, 'the courier call failed');
      return { order: await looked(order), rejected: false };
    }
  }

  /** Asks the eSIM service for the order's profile (the same key finds it again). */
  async function issue(order: OrderRecord, log: Log): Promise<{ order: OrderRecord; failure: 'unavailable' | 'rejected' | null }> {
    try {
      const result = await ctx.esim.orderProfile({ msisdn: order.msisdn, reference: order.orderNumber, idempotencyKey: `${order.id}:esim` });
      if (!result.ok) return { order: await looked(order), failure: result.reason };
      return { order: (await ctx.repos.updateOrder(order.uid, order.id, updateFromEsim(order, result.value, ctx.now()), ctx.now())) ?? order, failure: null };
    } catch (err) {
      log.error({ err, order: order.id }, 'the eSIM call failed');
      return { order: await looked(order), failure: 'unavailable' };
    }
  }

  /** Latest news from the provider, at most every ORDER_REFRESH_MS per order; the stored order when it cannot say. */
  async function refresh(order: OrderRecord, log: Log): Promise<OrderRecord> {
    const now = ctx.now();
    if (isFinal(order.status) || (order.refreshedAt !== null && now - order.refreshedAt < ORDER_REFRESH_MS)) return order;
    if (order.kind === 'esim') {
      if (!order.esim) return (await issue(order, log)).order;
      try {
        const found = await ctx.esim.getProfile(order.esim.profileId);
        const update: OrderUpdate = found.ok ? updateFromEsim(order, found.value, now) : { refreshedAt: now };
        return (await ctx.repos.updateOrder(order.uid, order.id, update, now)) ?? order;
      } catch (err) {
        log.error({ err, order: order.id }, 'the eSIM status call failed');
        return order;
      }
    }
    if (!order.courierJobId) return (await book(order, log)).order;
    try {
      const found = await ctx.courier.getJob(order.courierJobId);
      const update: OrderUpdate = found.ok ? updateFromCourier(order, found.value, now) : { refreshedAt: now };
      return (await ctx.repos.updateOrder(order.uid, order.id, update, now)) ?? order;
    } catch (err) {
      log.error({ err, order: order.id }, 'the courier status call failed');
      return order;
    }
  }

  /** The confirmation e-mail of a newly placed order; the order stands when it cannot be sent. */
  async function confirm(caller: Caller, email: string, order: OrderRecord): Promise<void> {
    const store = order.storeId ? await ctx.repos.getStoreLocation(order.storeId) : null;
    try {
      await ctx.mailer.send(orderMail(email, order, store, caller.language));
    } catch (err) {
      caller.log.error({ err, order: order.id }, 'the order e-mail could not be sent');
    }
  }

  /** A retail customer's order in the shop's audit (its order number only); the order stands whatever the audit does. */
  const auditOrder = (caller: Caller, order: OrderRecord) =>
    ctx.retailAudit.record(order.uid, 'order_placed', order.orderNumber).catch((err: unknown) => caller.log.error({ err, order: order.id }, 'the retail audit could not record the order'));

  /** Places the order (or finds the user's), books the courier, confirms by e-mail once. */
  async function placeShipment(caller: Caller, email: string, order: NewOrder, keepHold: boolean): Promise<OrderResponse> {
    let placed: Awaited<ReturnType<typeof ctx.repos.placeOrder>>;
    try {
      placed = await ctx.repos.placeOrder(order, keepHold, ctx.identity.maxSimsPerDocument);
    } catch (e) {
      // A sale with nothing paid yet (cash on delivery, paid at the store), counted as it is ordered.
      if (!(e instanceof SimLimitReachedError)) throw e;
      caller.log.info({ sold: e.sold, kind: order.kind }, 'order refused: the document has the most SIMs sold');
      throw maxSimsReached();
    }
    if (!placed.created && placed.order.kind !== order.kind) throw stepNotAllowed('submit_delivery');
    let current = placed.order;
    if (!current.courierJobId) {
      const booked = await book(current, caller.log);
      if (booked.rejected) {
        await ctx.repos.withdrawOrder(current.uid, current.id);
        throw courierRejected();
      }
      current = booked.order;
    }
    if (placed.created) {
      caller.log.info({ order: current.id, kind: current.kind, amount_due_fils: current.amountDueFils }, 'order placed');
      await auditOrder(caller, current);
      await confirm(caller, email, current);
    }
    return { order: await orderView(ctx, current, caller) };
  }

  async function accountEmail({ accountId }: Caller): Promise<string> {
    const account = accountId === null ? null : await ctx.repos.findAccountById(accountId);
    if (!account) throw loginRequired();
    return account.email;
  }

  /**
   * The identity the order is bound to: the logged-in account's latest verified decision on this
   * device, made for this kind of SIM (an eSIM's check for an eSIM, a physical SIM's for a
   * delivery or a pickup). None: 409, and nothing is issued, booked or handed over (the database
   * refuses such an order too).
   */
  async function boundIdentity({ uid, accountId }: Caller, kind: OrderKind): Promise<{ accountId: string; identity: OrderIdentity }> {
    if (accountId === null) throw loginRequired();
    const decision = await ctx.repos.getVerifiedDecision(uid, accountId);
    if (!decision || (decision.simType === 'esim') !== (kind === 'esim')) throw identityRequired();
    return {
      accountId,
      identity: {
        decisionId: decision.id,
        documentKind: decision.documentKind,
        documentNumberMasked: maskNumber(decision.documentNumber) ?? '***',
        personRef: decision.personRef,
        holderName: decision.holderName,
        verifiedAt: decision.decidedAt,
      },
    };
  }

  /** A replay: the user's order of this kind, with its booking finished if it was not. */
  async function replay(caller: Caller, kind: OrderKind): Promise<OrderResponse | null> {
    const existing = await ctx.repos.getOrder(caller.uid);
    if (existing?.kind !== kind) return null;
    // Only the account it was placed for is answered the order it placed (another account on the device is not).
    if (!mayReadSecrets(existing, caller)) throw identityRequired();
    let current = existing;
    if (kind !== 'esim' && !current.courierJobId) current = (await book(current, caller.log)).order;
    return { order: await orderView(ctx, current, caller) };
  }

  return {
    /**
     * Whether the caller may act on the order step of `kind`: `allowed` by the flow status, or a
     * replay (an order of this kind exists: a double click, a second tab), although placing it
     * made the step "done" and so no longer allowed.
     */
    async mayOrder(caller: Caller, kind: OrderKind, allowed: (status: ServerFlowStatus) => boolean): Promise<boolean> {
      const existing = await ctx.repos.getOrder(caller.uid);
      if (existing?.kind === kind) return true;
      return allowed(await loadFlowStatus(ctx, caller));
    },

    /** A delivery to the pin, cash on delivery: the server decides coverage again (the page's answer may be old, or made up). */
    async placeDelivery(caller: Caller, body: DeliveryBody): Promise<OrderResponse> {
      const again = await replay(caller, 'delivery');
      if (again) return again;
      const email = await accountEmail(caller);
      const bound = await boundIdentity(caller, 'delivery');
      const coverage = await coverageOf(ctx, body, caller.log);
      if (coverage.status === 'closed') {
        throw deliveryClosed(coverage.next_opening);
      }
      if (coverage.status === 'unsupported' && coverage.reason === 'water') {
        throw deliveryUnsupported('The pin is in the water: put it on the building');
      }
      if (coverage.status === 'unsupported') throw deliveryUnsupported('We do not deliver to this area: collect your SIM in a store');
      // Cash on delivery: the saved plan priced now, as GET /payment/summary prices it.
      const priced = await loadPricedPlan(ctx, caller);
      const now = ctx.now();
      const delivery = { lat: body.lat, lng: body.lng, address: body.address, address2: body.address_2, instructions: body.instructions, phone: internationalPhone(body.phone, body.phone_country) };
      return placeShipment(
        caller,
        email,
        {
          id: newOrderId(),
          uid: priced.uid,
          orderNumber: newOrderNumber(),
          kind: 'delivery',
          status: 'received',
          delivery,
          storeId: null,
          amountDueFils: priced.amountFils,
          msisdn: priced.msisdn,
          eta: now + (coverage.etaMinutes ?? DELIVERY_PROMISE_MINUTES) * 60_000,
          createdAt: now,
          ...bound,
        },
        true,
      );
    },

    /** A pickup at a store: paid online (nothing due), or the plan paid at the store. */
    async placePickup(caller: Caller, storeId: string): Promise<OrderResponse> {
      const again = await replay(caller, 'pickup');
      if (again) return again;
      const email = await accountEmail(caller);
      const bound = await boundIdentity(caller, 'pickup');
      const store = await ctx.repos.getStoreLocation(storeId);
      if (!store) throw unknownStore(storeId);
      const { uid } = caller;
      const paid = await ctx.repos.getCapturedPayment(uid);
      const priced = paid ? null : await loadPricedPlan(ctx, caller);
      const now = ctx.now();
      return placeShipment(
        caller,
        email,
        {
          id: newOrderId(),
          uid,
          orderNumber: newOrderNumber(),
          kind: 'pickup',
          status: 'received',
          delivery: null,
          storeId: store.id,
          amountDueFils: priced ? priced.amountFils : 0,
          msisdn: paid ? paid.msisdn : (priced?.msisdn ?? ''),
          eta: null,
          createdAt: now,
          ...bound,
        },
        priced !== null,
      );
    },

    /** The paid eSIM, issued at once (its sale was counted at the capture); the e-mail goes with the activation code. */
    async placeEsim(caller: Caller): Promise<OrderResponse> {
      const { uid } = caller;
      const email = await accountEmail(caller);
      const existing = await ctx.repos.getOrder(uid);
      if (existing && !mayReadSecrets(existing, caller)) throw identityRequired();
      const bound = existing?.kind === 'esim' ? null : await boundIdentity(caller, 'esim');
      const paid = await ctx.repos.getCapturedPayment(uid);
      if (!paid) throw stepNotAllowed('thank_you');
      const placed = await ctx.repos.placeOrder(
        {
          id: newOrderId(),
          uid,
          orderNumber: newOrderNumber(),
          kind: 'esim',
          status: 'issued',
          delivery: null,
          storeId: null,
          amountDueFils: 0,
          msisdn: paid.msisdn,
          eta: null,
          createdAt: ctx.now(),
          accountId: bound?.accountId ?? existing?.accountId ?? null,
          identity: bound?.identity ?? existing?.identity ?? null,
        },
        false,
      );
      if (placed.order.kind !== 'esim') throw stepNotAllowed('thank_you');
      if (placed.created) await auditOrder(caller, placed.order);
      let current = placed.order;
      if (!current.esim) {
        const issued = await issue(current, caller.log);
        if (issued.failure === 'rejected') {
          await ctx.repos.withdrawOrder(uid, current.id);
          throw esimNotIssued();
        }
        if (issued.failure === 'unavailable') {
          throw esimUnavailable();
        }
        current = issued.order;
        caller.log.info({ order: current.id }, 'eSIM issued');
        await confirm(caller, email, current);
      }
      return { order: await orderView(ctx, current, caller) };
    },

    /** The user's order with the latest news of its provider; null when there is none. */
    async currentOrder(caller: Caller): Promise<OrderResponse> {
      const order = await ctx.repos.getOrder(caller.uid);
      if (!order) return { order: null };
      return { order: await orderView(ctx, await refresh(order, caller.log), caller) };
    },
  };
}
