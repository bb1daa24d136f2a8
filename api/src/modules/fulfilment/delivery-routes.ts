import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  activationCode,
  API_ERROR_CODES,
  CURRENCY,
  DELIVERY_PROMISE_MINUTES,
  DeliveryBody,
  LatLng,
  PickupBody,
  ROUTES,
  StoresQuery,
  isRouteAllowed,
  type CoverageResponse,
  type DeliveryZone,
  type Order,
  type OrderKind,
  type OrderResponse,
  type Store as StoreView,
  type StoresResponse,
  type ZonesResponse,
} from '@join/shared/contract';
import type { AppContext } from '../../app-context';
import { SimLimitReachedError, type NewOrder, type OrderIdentity, type OrderRecord, type OrderUpdate, type StoreLocationRecord } from './repository';
import { coverageAt, distanceMetres, isOpenAt, nextChange, nextOpening } from './coverage';
import { loadFlowStatus, serverFlowContext } from '../flow/flow-context';
import { orderMail } from './order-mail';
import { internationalPhone, isFinal, newOrderId, newOrderNumber, ORDER_REFRESH_MS, updateFromCourier, updateFromEsim } from './orders';
import { isOnUaeLand } from './geo/area';
import { mapData, type MapData } from './geo/map-data';
import { HttpError, loginRequired, unavailable } from '../../platform/http/http-error';
import { authOf, type AuthContext } from '../../platform/http/session-auth';
import { maskNumber } from '../identity/identity-check';
import { stepNotAllowed } from '../../platform/http/step-guard';
import { parseInput } from '../../platform/http/validate';
import { nameLanguage } from '../catalogue/catalogue-view';
import { loadOrder as loadPricedPlan } from '../payment/payment-routes';
import { maxSimsReached } from '../payment/payment-settlement';

/**
 * Delivery (issue 14; api/README.md "Delivery"): the public geography reads (coverage, zones,
 * stores) and the user's one order (a delivery, a store pickup or an instant eSIM) with its live
 * status. The server decides coverage and prices itself; the body carries neither. An order is
 * one row per user, inserted before any provider is asked, and the providers' idempotency keys
 * derive from its id: a double click, a second tab or a retry after a lost answer finds the same
 * order and books the same courier job or eSIM profile, never a second one.
 */

/** SPEC 8 "delivery closed for area" and "delivery unsupported for area". */
export const DELIVERY_CLOSED = -128;
export const DELIVERY_UNSUPPORTED = -401;
export const COURIER_REJECTED = 'courier_rejected';
export const ESIM_UNAVAILABLE = 'esim_unavailable';

const iso = (ms: number): string => new Date(ms).toISOString();
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

function zoneView(zone: Awaited<ReturnType<AppContext['store']['listDeliveryZones']>>[number], now: number): DeliveryZone {
  return {
    id: zone.id,
    name: zone.name,
    emirate: zone.emirate,
    polygon: zone.polygon,
    hours: zone.hours,
    open_now: isOpenAt(zone.hours, now),
    next_opening: isoOrNull(nextOpening(zone.hours, now)),
    eta_minutes: zone.etaMinutes,
  };
}

function storeView(store: StoreLocationRecord, language: 'en' | 'ar', now: number, near: { lat: number; lng: number } | null): StoreView {
  return {
    id: store.id,
    name: store.name[language],
    address: store.address[language],
    emirate: store.emirate,
    lat: store.lat,
    lng: store.lng,
    distance_m: near ? Math.round(distanceMetres(near, store)) : null,
    hours: store.hours,
    open_now: isOpenAt(store.hours, now),
    next_change: isoOrNull(nextChange(store.hours, now)),
  };
}

/** The promised arrival: the zone's minutes, never more than SPEC 1's promise. */
const etaMinutesOf = (zoneMinutes: number): number => Math.min(zoneMinutes, DELIVERY_PROMISE_MINUTES);

/**
 * Whether the point is on the UAE's land as the map draws it (issue 24): a point in the water is
 * refused whatever zone's outline holds it. The page keeps its pin on land, but the server never
 * trusts the page's point. Without its map data the server cannot tell: 503, as the map's calls.
 */
async function onLandOf(request: FastifyRequest | null, point: { lat: number; lng: number }): Promise<boolean> {
  let data: MapData;
  try {
    data = await mapData();
  } catch (err) {
    request?.log.error({ err }, 'map data unreadable');
    throw unavailable('The map data is not built (pnpm --filter @join/api run build:geo)');
  }
  return isOnUaeLand(data.area, [point.lng, point.lat]);
}

async function coverageOf(ctx: AppContext, point: { lat: number; lng: number }, request: FastifyRequest | null = null): Promise<CoverageResponse & { etaMinutes?: number }> {
  if (!(await onLandOf(request, point))) return { status: 'unsupported', code: DELIVERY_UNSUPPORTED, reason: 'water' };
  const now = ctx.now();
  const found = coverageAt(await ctx.store.listDeliveryZones(), point, now);
  switch (found.status) {
    case 'open': {
      const minutes = etaMinutesOf(found.zone.etaMinutes);
      return { status: 'open', zone_id: found.zone.id, eta: iso(now + minutes * 60_000), promise_minutes: minutes, etaMinutes: minutes };
    }
    case 'closed':
      return { status: 'closed', code: DELIVERY_CLOSED, zone_id: found.zone.id, next_opening: isoOrNull(found.nextOpeningMs) };
    case 'unsupported':
      return { status: 'unsupported', code: DELIVERY_UNSUPPORTED };
  }
}

/** The order as the contract shows it. */
/**
 * Whether the caller may read the order's secrets (the eSIM's activation code, the address and
 * the phone): only a session of the account the order was placed for (issue 23). A device-id
 * session of the same device, or another account on it, reads the order's status without them.
 * An order placed before orders had an account shows them to any e-mail login of its user.
 */
function mayReadSecrets(order: OrderRecord, caller: Pick<AuthContext, 'accountId'>): boolean {
  if (caller.accountId === null) return false;
  return order.accountId === null || order.accountId === caller.accountId;
}

async function orderView(ctx: AppContext, order: OrderRecord, language: 'en' | 'ar', caller: Pick<AuthContext, 'accountId'>): Promise<Order> {
  const store = order.storeId ? await ctx.store.getStoreLocation(order.storeId) : null;
  const d = order.delivery;
  const owner = mayReadSecrets(order, caller);
  return {
    order_number: order.orderNumber,
    kind: order.kind,
    status: order.status,
    history: order.history.map((h) => ({ status: h.status, at: iso(h.at) })),
    eta: order.kind === 'delivery' && !isFinal(order.status) ? isoOrNull(order.eta) : null,
    delivery: d && owner ? { lat: d.lat, lng: d.lng, address: d.address, address_2: d.address2, instructions: d.instructions, phone: d.phone } : null,
    store: store ? storeView(store, language, ctx.now(), null) : null,
    esim:
      order.esim && owner
        ? { activation_code: activationCode(order.esim.smdpAddress, order.esim.matchingId), smdp_address: order.esim.smdpAddress, matching_id: order.esim.matchingId }
        : null,
    amount_due_fils: order.amountDueFils,
    currency: CURRENCY,
    msisdn: order.msisdn,
    created_at: iso(order.createdAt),
    identity:
      order.identity && owner
        ? { document_kind: order.identity.documentKind, document_number_masked: order.identity.documentNumberMasked, verified_at: iso(order.identity.verifiedAt) }
        : null,
    redacted: !owner && (order.esim !== null || d !== null),
  };
}

export async function deliveryGeoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/delivery/coverage', async (request): Promise<CoverageResponse> => {
    const point = parseInput(LatLng, request.query, 'query');
    const { etaMinutes: _minutes, ...coverage } = await coverageOf(ctx, point, request);
    return coverage;
  });

  app.get('/delivery/zones', async (): Promise<ZonesResponse> => {
    const now = ctx.now();
    return { zones: (await ctx.store.listDeliveryZones()).map((z) => zoneView(z, now)) };
  });

  app.get('/delivery/stores', async (request): Promise<StoresResponse> => {
    const query = parseInput(StoresQuery, request.query, 'query');
    if ((query.lat === undefined) !== (query.lng === undefined)) {
      throw new HttpError(400, 'bad_request', `query.${query.lat === undefined ? 'lat' : 'lng'}: is required with query.${query.lat === undefined ? 'lng' : 'lat'}`, `query.${query.lat === undefined ? 'lat' : 'lng'}`);
    }
    const near = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
    const now = ctx.now();
    const stores = (await ctx.store.listStoreLocations()).map((s) => storeView(s, query.lang, now, near));
    // Nearest first; without a point, by name in the asked language.
    stores.sort((a, b) => (near ? (a.distance_m ?? 0) - (b.distance_m ?? 0) : a.name.localeCompare(b.name, query.lang)));
    return { stores };
  });
}

/** 409 step_not_allowed: the page reloads the flow status and goes where the flow contract says (the identity check). */
const identityRequired = () =>
  new HttpError(409, API_ERROR_CODES.stepNotAllowed, 'Pass the identity check with this account first: no SIM is issued, delivered or handed over without it');

export async function orderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /**
   * The flow-contract guard of an order route, with the replay let through: a user whose order
   * of this kind exists is answered that order (a double click, a second tab), although placing
   * it made the step "done" and so no longer allowed.
   */
  function orderGuard(kind: OrderKind, allowed: (request: FastifyRequest, status: Awaited<ReturnType<typeof loadFlowStatus>>) => boolean) {
    return async (request: FastifyRequest): Promise<void> => {
      const auth = authOf(request);
      const existing = await ctx.store.getOrder(auth.uid);
      if (existing?.kind === kind) return;
      const status = await loadFlowStatus(ctx, auth);
      if (!allowed(request, status)) {
        throw stepNotAllowed(kind === 'esim' ? 'thank_you' : 'submit_delivery');
      }
    };
  }

  /** Asks the courier to book (or find again, by the same key) the order's job; answers the order as it is then. */
  async function book(order: OrderRecord, log: FastifyBaseLogger): Promise<{ order: OrderRecord; rejected: boolean }> {
    const store = order.storeId ? await ctx.store.getStoreLocation(order.storeId) : null;
    const d = order.delivery;
    // A failure is a look too: the next one waits ORDER_REFRESH_MS, as after any other.
    const looked = async () => (await ctx.store.updateOrder(order.uid, order.id, { refreshedAt: ctx.now() }, ctx.now())) ?? order;
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
        return { order: await looked(), rejected: false };
      }
      return { order: (await ctx.store.updateOrder(order.uid, order.id, updateFromCourier(order, result.value, ctx.now()), ctx.now())) ?? order, rejected: false };
    } catch (err) {
      log.error({ err, order: order.id }, 'the courier call failed');
      return { order: await looked(), rejected: false };
    }
  }

  /** Asks the eSIM service for the order's profile (the same key finds it again). */
  async function issue(order: OrderRecord, log: FastifyBaseLogger): Promise<{ order: OrderRecord; failure: 'unavailable' | 'rejected' | null }> {
    // A failure is a look too: the next one waits ORDER_REFRESH_MS, as after any other.
    const looked = async () => (await ctx.store.updateOrder(order.uid, order.id, { refreshedAt: ctx.now() }, ctx.now())) ?? order;
    try {
      const result = await ctx.esim.orderProfile({ msisdn: order.msisdn, reference: order.orderNumber, idempotencyKey: `${order.id}:esim` });
      if (!result.ok) return { order: await looked(), failure: result.reason };
      return { order: (await ctx.store.updateOrder(order.uid, order.id, updateFromEsim(order, result.value, ctx.now()), ctx.now())) ?? order, failure: null };
    } catch (err) {
      log.error({ err, order: order.id }, 'the eSIM call failed');
      return { order: await looked(), failure: 'unavailable' };
    }
  }

  /** Latest news from the provider, at most every ORDER_REFRESH_MS per order; the stored order when it cannot say. */
  async function refresh(order: OrderRecord, log: FastifyBaseLogger): Promise<OrderRecord> {
    const now = ctx.now();
    if (isFinal(order.status) || (order.refreshedAt !== null && now - order.refreshedAt < ORDER_REFRESH_MS)) return order;
    if (order.kind === 'esim') {
      if (!order.esim) return (await issue(order, log)).order;
      try {
        const found = await ctx.esim.getProfile(order.esim.profileId);
        const update: OrderUpdate = found.ok ? updateFromEsim(order, found.value, now) : { refreshedAt: now };
        return (await ctx.store.updateOrder(order.uid, order.id, update, now)) ?? order;
      } catch (err) {
        log.error({ err, order: order.id }, 'the eSIM status call failed');
        return order;
      }
    }
    if (!order.courierJobId) return (await book(order, log)).order;
    try {
      const found = await ctx.courier.getJob(order.courierJobId);
      const update: OrderUpdate = found.ok ? updateFromCourier(order, found.value, now) : { refreshedAt: now };
      return (await ctx.store.updateOrder(order.uid, order.id, update, now)) ?? order;
    } catch (err) {
      log.error({ err, order: order.id }, 'the courier status call failed');
      return order;
    }
  }

  /** The confirmation e-mail of a newly placed order; the order stands when it cannot be sent. */
  async function confirm(request: FastifyRequest, email: string, order: OrderRecord): Promise<void> {
    const store = order.storeId ? await ctx.store.getStoreLocation(order.storeId) : null;
    try {
      await ctx.mailer.send(orderMail(email, order, store, nameLanguage(request)));
    } catch (err) {
      request.log.error({ err, order: order.id }, 'the order e-mail could not be sent');
    }
  }

  /** Places the order (or finds the user's), books the courier, confirms by e-mail once. */
  async function placeShipment(request: FastifyRequest, email: string, order: NewOrder, keepHold: boolean): Promise<OrderResponse> {
    let placed: Awaited<ReturnType<typeof ctx.store.placeOrder>>;
    try {
      placed = await ctx.store.placeOrder(order, keepHold, ctx.identity.maxSimsPerDocument);
    } catch (e) {
      // A sale with nothing paid yet (cash on delivery, paid at the store), counted as it is ordered (issue 23).
      if (!(e instanceof SimLimitReachedError)) throw e;
      request.log.info({ sold: e.sold, kind: order.kind }, 'order refused: the document has the most SIMs sold');
      throw maxSimsReached();
    }
    if (!placed.created && placed.order.kind !== order.kind) throw stepNotAllowed('submit_delivery');
    let current = placed.order;
    if (!current.courierJobId) {
      const booked = await book(current, request.log);
      if (booked.rejected) {
        await ctx.store.withdrawOrder(current.uid, current.id);
        throw new HttpError(422, COURIER_REJECTED, 'The courier cannot take this order: check the address, or collect your SIM in a store');
      }
      current = booked.order;
    }
    if (placed.created) {
      request.log.info({ order: current.id, kind: current.kind, amount_due_fils: current.amountDueFils }, 'order placed');
      await confirm(request, email, current);
    }
    return { order: await orderView(ctx, current, nameLanguage(request), authOf(request)) };
  }

  async function accountEmail(request: FastifyRequest): Promise<string> {
    const { accountId } = authOf(request);
    const account = accountId === null ? null : await ctx.store.findAccountById(accountId);
    if (!account) throw loginRequired();
    return account.email;
  }

  /**
   * The identity the order is bound to (issue 23): the logged-in account's latest verified
   * decision on this device, made for this kind of SIM (an eSIM's check for an eSIM, a physical
   * SIM's for a delivery or a pickup). None: 409, and nothing is issued, booked or handed over
   * (the database refuses such an order too: migration 13).
   */
  async function boundIdentity(request: FastifyRequest, kind: OrderKind): Promise<{ accountId: string; identity: OrderIdentity }> {
    const { uid, accountId } = authOf(request);
    if (accountId === null) throw loginRequired();
    const decision = await ctx.store.getVerifiedDecision(uid, accountId);
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
  async function replay(request: FastifyRequest, kind: OrderKind): Promise<OrderResponse | null> {
    const existing = await ctx.store.getOrder(authOf(request).uid);
    if (existing?.kind !== kind) return null;
    // Only the account it was placed for is answered the order it placed (another account on the device is not).
    if (!mayReadSecrets(existing, authOf(request))) throw identityRequired();
    let current = existing;
    if (kind !== 'esim' && !current.courierJobId) current = (await book(current, request.log)).order;
    return { order: await orderView(ctx, current, nameLanguage(request), authOf(request)) };
  }

  app.post(
    '/me/delivery',
    { preHandler: orderGuard('delivery', (_request, status) => isRouteAllowed(ROUTES.submitDelivery, serverFlowContext(status))) },
    async (request): Promise<OrderResponse> => {
      const body = parseInput(DeliveryBody, request.body, 'body');
      const again = await replay(request, 'delivery');
      if (again) return again;
      const email = await accountEmail(request);
      const bound = await boundIdentity(request, 'delivery');
      // The server decides coverage again: the page's answer may be old, or made up.
      const coverage = await coverageOf(ctx, body, request);
      if (coverage.status === 'closed') {
        throw new HttpError(409, DELIVERY_CLOSED, 'Delivery is closed in this area right now', 'body.lat', { next_opening: coverage.next_opening });
      }
      if (coverage.status === 'unsupported' && coverage.reason === 'water') {
        throw new HttpError(422, DELIVERY_UNSUPPORTED, 'The pin is in the water: put it on the building', 'body.lat');
      }
      if (coverage.status === 'unsupported') throw new HttpError(422, DELIVERY_UNSUPPORTED, 'We do not deliver to this area: collect your SIM in a store', 'body.lat');
      // Cash on delivery: the saved plan priced now, as GET /payment/summary prices it.
      const priced = await loadPricedPlan(ctx, request);
      const now = ctx.now();
      return placeShipment(
        request,
        email,
        {
          id: newOrderId(),
          uid: priced.uid,
          orderNumber: newOrderNumber(),
          kind: 'delivery',
          status: 'received',
          delivery: {
            lat: body.lat,
            lng: body.lng,
            address: body.address,
            address2: body.address_2,
            instructions: body.instructions,
            phone: internationalPhone(body.phone, body.phone_country),
          },
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
  );

  app.post(
    '/me/pickup',
    { preHandler: orderGuard('pickup', (_request, status) => isRouteAllowed(ROUTES.storePickup, serverFlowContext(status))) },
    async (request): Promise<OrderResponse> => {
      const { store_id } = parseInput(PickupBody, request.body, 'body');
      const again = await replay(request, 'pickup');
      if (again) return again;
      const email = await accountEmail(request);
      const bound = await boundIdentity(request, 'pickup');
      const store = await ctx.store.getStoreLocation(store_id);
      if (!store) throw new HttpError(404, 'not_found', `body.store_id: there is no store ${store_id}`, 'body.store_id');
      const { uid } = authOf(request);
      // Paid online (the tourist's pay-and-collect): nothing is due; else the plan is paid at the store.
      const paid = await ctx.store.getCapturedPayment(uid);
      const priced = paid ? null : await loadPricedPlan(ctx, request);
      const now = ctx.now();
      return placeShipment(
        request,
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
  );

  app.post(
    '/me/esim',
    {
      preHandler: orderGuard('esim', (_request, status) => {
        const flow = serverFlowContext(status);
        return isRouteAllowed(ROUTES.thankYou, flow) && flow.simType === 'esim' && flow.flags.is_plan_paid;
      }),
    },
    async (request): Promise<OrderResponse> => {
      const { uid } = authOf(request);
      const email = await accountEmail(request);
      const existing = await ctx.store.getOrder(uid);
      if (existing && !mayReadSecrets(existing, authOf(request))) throw identityRequired();
      const bound = existing?.kind === 'esim' ? null : await boundIdentity(request, 'esim');
      const paid = await ctx.store.getCapturedPayment(uid);
      if (!paid) throw stepNotAllowed('thank_you');
      // Paid: its sale was counted at the capture.
      const placed = await ctx.store.placeOrder(
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
      let current = placed.order;
      if (!current.esim) {
        const issued = await issue(current, request.log);
        if (issued.failure === 'rejected') {
          await ctx.store.withdrawOrder(uid, current.id);
          throw new HttpError(502, ESIM_UNAVAILABLE, 'The eSIM could not be issued: contact us');
        }
        if (issued.failure === 'unavailable') {
          throw new HttpError(503, ESIM_UNAVAILABLE, 'The eSIM service cannot be reached right now: please try again in a moment');
        }
        current = issued.order;
        // The e-mail goes with the activation code, when the profile is first stored.
        request.log.info({ order: current.id }, 'eSIM issued');
        await confirm(request, email, current);
      }
      return { order: await orderView(ctx, current, nameLanguage(request), authOf(request)) };
    },
  );

  app.get('/me/order', async (request): Promise<OrderResponse> => {
    const order = await ctx.store.getOrder(authOf(request).uid);
    if (!order) return { order: null };
    return { order: await orderView(ctx, await refresh(order, request.log), nameLanguage(request), authOf(request)) };
  });
}
