import type { LightMyRequestResponse } from 'fastify';
import {
  ACTIVATION_CODE_PATTERN,
  API_ERROR_CODES,
  CoverageResponse,
  FlowStatusResponse,
  OrderResponse,
  PaymentSummaryResponse,
  StoresResponse,
  ZonesResponse,
  type ResidentType,
  type SimType,
} from '@join/shared/contract';
import { openDatabase } from '../../../platform/db/open-database';
import { connectSqliteRepositories, type SqliteRepositories } from '../../../database';
import { cardToken } from '../../../testing/fake-card-provider';
import { createPaymentTestApp, newKey, type PaymentTestApp } from '../../../testing/payment-helpers';
import type { Visitor } from '../../../testing/harness';

/**
 * Delivery through the routes, with the test clock (2026-01-15 10:00 UTC: Thursday
 * 14:00 in the UAE, when Dubai is open and Fujairah has just closed) and the in-process courier
 * and eSIM fakes. Visitors reach the delivery step for real (a number, a plan, an e-mail login, the
 * identity check with the activation method's answers, against the in-test authority).
 */
const DUBAI_MALL = { lat: 25.1972, lng: 55.2796 };
const FUJAIRAH = { lat: 25.12, lng: 56.33 };
const LIWA = { lat: 23.13, lng: 53.77 };
/** A corner of the seeded Dubai zone. */
const DUBAI_CORNER = { lat: 25.18, lng: 55.44 };
const AL_AIN = { lat: 24.2, lng: 55.7 };
/** GeoNames' Dubai Marina: in the marina's water, inside the Dubai zone's outline. */
const MARINA_WATER = { lat: 25.08525, lng: 55.14646 };
/** Dubai Creek by Al Garhoud, inside the Dubai zone's outline. */
const DUBAI_CREEK = { lat: 25.24, lng: 55.335 };

const FORM = { address: 'Villa 12, Street 5, Al Barsha 2', address_2: 'Gate on the left', instructions: 'Call on arrival', phone: '0501234567' };

let t: PaymentTestApp;
let db: SqliteRepositories;

beforeEach(async () => {
  t = await createPaymentTestApp({ withBnpl: false });
  // A second connection to the app's database: the test sets the activation method's answers.
  db = connectSqliteRepositories(t.dbFile);
});
afterEach(async () => {
  await db.close();
  await t.close();
});

const ok = <T>(res: LightMyRequestResponse, schema: { parse(v: unknown): T }): T => {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode} ${res.body}`);
  return schema.parse(res.json());
};
function expectError(res: LightMyRequestResponse, status: number, code: number | string, field?: string) {
  expect({ status: res.statusCode, code: (res.json() as { code: unknown }).code }).toEqual({ status, code });
  if (field) expect((res.json() as { field?: string }).field).toBe(field);
  return res.json() as { code: number | string; message: string; field?: string; next_opening?: string | null };
}
const flags = async (v: Visitor) => FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json()).flow_status_flags;
const order = async (v: Visitor) => ok(await t.get(v, '/api/me/order'), OrderResponse).order;

/**
 * A visitor at the delivery step: the plan and number chosen, logged in, and the identity check
 * passed with these answers (a resident with a physical SIM gets the delivery form by it).
 */
async function visitor(resident: ResidentType, sim: SimType, { deliveryForm = resident === 'resident' && sim === 'physical' } = {}) {
  const v = await t.ready(undefined, { identity: { resident, sim } });
  if (deliveryForm !== (resident === 'resident' && sim === 'physical')) await db.setDeliveryForm(v.uid, deliveryForm);
  return v;
}
const resident = () => visitor('resident', 'physical');
/**
 * What the resident's plan costs, as GET /payment/summary prices it (the summary itself is the
 * payment step's, closed to a resident who pays on delivery: a visitor with the same plan asks it).
 */
async function planPrice(v: Visitor) {
  const twin = await t.ready();
  const summary = ok(await t.get(twin, '/api/payment/summary'), PaymentSummaryResponse);
  const held = (await t.get(v, '/api/numbers')).json<{ numbers: { MSISDN: string }[] }>().numbers[0]?.MSISDN;
  return { amount_fils: summary.amount_fils, msisdn: held ?? '' };
}
async function paid(v: Visitor) {
  const res = await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey());
  if (res.statusCode !== 200) throw new Error(`payment failed: ${res.statusCode} ${res.body}`);
}
const deliver = (v: Visitor, body: Record<string, string | number> = {}) => t.post(v, '/api/me/delivery', { ...DUBAI_MALL, ...FORM, ...body });
const publicGet = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /delivery/zones and /delivery/coverage', () => {
  it('lists the zones with their hours as of now: Dubai open, Fujairah closed until tomorrow 06:00, Ras Al Khaimah at 16:00', async () => {
    const { zones } = ok(await publicGet('/api/delivery/zones'), ZonesResponse);
    expect(zones.map((z) => z.id)).toEqual(['dubai', 'abu-dhabi', 'sharjah-ajman', 'al-ain', 'fujairah', 'ras-al-khaimah']);
    const byId = (id: string) => zones.find((z) => z.id === id);
    expect(byId('dubai')).toMatchObject({ open_now: true, next_opening: null, emirate: 'DU' });
    expect(byId('fujairah')).toMatchObject({ open_now: false, next_opening: '2026-01-16T02:00:00.000Z' });
    expect(byId('ras-al-khaimah')).toMatchObject({ open_now: false, next_opening: '2026-01-15T12:00:00.000Z' });
    expect(zones.some((z) => z.open_now) && zones.some((z) => !z.open_now)).toBe(true);
    t.clock.advance(2 * 3600_000);
    const later = ok(await publicGet('/api/delivery/zones'), ZonesResponse).zones;
    expect(later.find((z) => z.id === 'ras-al-khaimah')?.open_now).toBe(true);
  });

  it('answers open with the eta, closed (-128) with the next opening, unsupported (-401); the border is inside', async () => {
    const coverage = async (p: { lat: number; lng: number }) => ok(await publicGet(`/api/delivery/coverage?lat=${p.lat}&lng=${p.lng}`), CoverageResponse);
    expect(await coverage(DUBAI_MALL)).toEqual({ status: 'open', zone_id: 'dubai', eta: '2026-01-15T10:45:00.000Z', promise_minutes: 45 });
    expect(await coverage(DUBAI_CORNER)).toMatchObject({ status: 'open', zone_id: 'dubai' });
    // In the zone's outline but in the water: no courier goes there.
    expect(await coverage(MARINA_WATER)).toEqual({ status: 'unsupported', code: -401, reason: 'water' });
    expect(await coverage(DUBAI_CREEK)).toEqual({ status: 'unsupported', code: -401, reason: 'water' });
    expect(await coverage(FUJAIRAH)).toEqual({ status: 'closed', code: -128, zone_id: 'fujairah', next_opening: '2026-01-16T02:00:00.000Z' });
    expect(await coverage(LIWA)).toEqual({ status: 'unsupported', code: -401 });
    // 06:00 the next morning in the UAE: Fujairah is open, its 40 minutes promised.
    t.clock.advance(16 * 3600_000);
    expect(await coverage(FUJAIRAH)).toEqual({ status: 'open', zone_id: 'fujairah', eta: '2026-01-16T02:40:00.000Z', promise_minutes: 40 });
  });

  it('refuses a point that is missing or not a number', async () => {
    expectError(await publicGet('/api/delivery/coverage?lat=25.2'), 400, API_ERROR_CODES.badRequest, 'query.lng');
    expectError(await publicGet('/api/delivery/coverage?lat=abc&lng=55'), 400, API_ERROR_CODES.badRequest, 'query.lat');
    expectError(await publicGet('/api/delivery/coverage?lat=95&lng=55'), 400, API_ERROR_CODES.badRequest, 'query.lat');
  });
});

describe('GET /delivery/stores', () => {
  it('sorts the stores nearest first, in the asked language, with whether each is open now', async () => {
    const { stores } = ok(await publicGet(`/api/delivery/stores?lat=${AL_AIN.lat}&lng=${AL_AIN.lng}&lang=ar`), StoresResponse);
    expect(stores).toHaveLength(8);
    expect(stores[0]).toMatchObject({ id: 'al-ain-mall', name: 'العين مول', open_now: true });
    const distances = stores.map((s) => s.distance_m ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(stores.at(-1)?.id).toBe('rak-mall');
    const near = ok(await publicGet(`/api/delivery/stores?lat=${DUBAI_MALL.lat}&lng=${DUBAI_MALL.lng}`), StoresResponse).stores;
    expect(near[0]).toMatchObject({ id: 'dubai-mall', name: 'The Dubai Mall', distance_m: 0 });
  });

  it('answers without distances when no point is given, and refuses half a point', async () => {
    const { stores } = ok(await publicGet('/api/delivery/stores'), StoresResponse);
    expect(stores.every((s) => s.distance_m === null)).toBe(true);
    expectError(await publicGet('/api/delivery/stores?lat=25'), 400, API_ERROR_CODES.badRequest, 'query.lng');
  });
});

describe('POST /me/delivery', () => {
  it('places a cash-on-delivery order at the plan price, books a courier, sets delivery in progress and e-mails', async () => {
    const v = await resident();
    expectError(await t.get(v, '/api/payment/summary'), 409, API_ERROR_CODES.stepNotAllowed);
    const summary = await planPrice(v);
    const placed = ok(await deliver(v), OrderResponse).order;
    expect(placed).toMatchObject({
      kind: 'delivery',
      status: 'received',
      amount_due_fils: summary.amount_fils,
      currency: 'AED',
      msisdn: summary.msisdn,
      eta: '2026-01-15T10:45:00.000Z',
      delivery: { ...DUBAI_MALL, address: FORM.address, address_2: FORM.address_2, instructions: FORM.instructions, phone: '971501234567' },
      store: null,
      esim: null,
    });
    expect(placed?.order_number).toMatch(/^JO-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(t.courier.jobs).toHaveLength(1);
    expect(t.courier.jobs[0]?.request).toMatchObject({ kind: 'delivery', reference: placed?.order_number, cashOnDeliveryFils: summary.amount_fils, dropoff: { phone: '971501234567' } });
    expect(await flags(v)).toMatchObject({ is_delivery_in_progress: true, is_sim_delivered: false });
    const mails = t.mail.to(v.email);
    const confirmation = mails.at(-1);
    expect(confirmation?.subject).toContain(placed?.order_number);
    expect(confirmation?.text).toContain(FORM.address);
    expect(confirmation?.text).toContain('+971501234567');
  });

  it('e-mails in Arabic to an Arabic page', async () => {
    const v = await resident();
    const ar = { ...v, headers: { ...v.headers, language: 'ar' } };
    ok(await deliver(ar), OrderResponse);
    const mail = t.mail.to(v.email).at(-1);
    expect(mail?.language).toBe('ar');
    expect(mail?.subject).toContain('شريحتك في الطريق إليك');
    expect(mail?.html).toContain('dir="rtl"');
  });

  it('is one order whatever the clicks: twice, and two tabs at once, answer the same order', async () => {
    const v = await resident();
    const [a, b] = await Promise.all([deliver(v), deliver(v, { address: 'Another address' })]);
    const first = ok(a, OrderResponse).order;
    expect(ok(b, OrderResponse).order?.order_number).toBe(first?.order_number);
    const again = ok(await deliver(v), OrderResponse).order;
    expect(again).toEqual(first);
    expect(t.courier.jobs).toHaveLength(1);
    expect(t.mail.to(v.email).filter((m) => m.subject.includes(first?.order_number ?? '?'))).toHaveLength(1);
  });

  it('checks every field of the form, and the phone by its country (a leading 0 becomes the country code)', async () => {
    const v = await resident();
    expectError(await deliver(v, { address: '  ' }), 400, API_ERROR_CODES.badRequest, 'body.address');
    expectError(await deliver(v, { address: 'x'.repeat(201) }), 400, API_ERROR_CODES.badRequest, 'body.address');
    expectError(await deliver(v, { address_2: 'x'.repeat(201) }), 400, API_ERROR_CODES.badRequest, 'body.address_2');
    expectError(await deliver(v, { instructions: 'x'.repeat(301) }), 400, API_ERROR_CODES.badRequest, 'body.instructions');
    expectError(await deliver(v, { lat: 'north' }), 400, API_ERROR_CODES.badRequest, 'body.lat');
    expectError(await deliver(v, { lng: 200 }), 400, API_ERROR_CODES.badRequest, 'body.lng');
    expectError(await deliver(v, { phone: '' }), 400, API_ERROR_CODES.badRequest, 'body.phone');
    expectError(await deliver(v, { phone: '05012-34567' }), 400, API_ERROR_CODES.badRequest, 'body.phone');
    // A UAE number must be a mobile number: 04 is a landline.
    expectError(await deliver(v, { phone: '0412345678' }), 400, API_ERROR_CODES.badRequest, 'body.phone');
    expectError(await deliver(v, { phone: '0501234567', phone_country: 'uk' }), 400, API_ERROR_CODES.badRequest, 'body.phone_country');
    expectError(await deliver(v, { total_fils: 0 }), 400, API_ERROR_CODES.badRequest, 'body.total_fils');
    expect(t.courier.jobs).toHaveLength(0);
    const placed = ok(await deliver(v, { phone: '07700900123', phone_country: 'GB' }), OrderResponse).order;
    expect(placed?.delivery?.phone).toBe('447700900123');
  });

  it('decides coverage itself: closed is -128 with the next opening, unsupported -401, and no order', async () => {
    const v = await resident();
    const closed = expectError(await deliver(v, FUJAIRAH), 409, -128, 'body.lat');
    expect(closed.next_opening).toBe('2026-01-16T02:00:00.000Z');
    expectError(await deliver(v, LIWA), 422, -401, 'body.lat');
    // A point in the water (the page checks it, the server does not trust the page): refused, saying why.
    const water = expectError(await deliver(v, MARINA_WATER), 422, -401, 'body.lat');
    expect(water.message).toMatch(/water/);
    expect(await order(v)).toBeNull();
    expect(await flags(v)).toMatchObject({ is_delivery_in_progress: false });
    expect(t.courier.jobs).toHaveLength(0);
  });

  it('is for a resident with a delivery form only (the submit_delivery rule)', async () => {
    const tourist = await visitor('non_resident', 'physical');
    expectError(await deliver(tourist), 409, API_ERROR_CODES.stepNotAllowed);
    const noForm = await visitor('resident', 'physical', { deliveryForm: false });
    expectError(await deliver(noForm), 409, API_ERROR_CODES.stepNotAllowed);
    const deviceOnly = await t.login();
    expectError(await deliver(deviceOnly), 409, API_ERROR_CODES.stepNotAllowed);
    expect(t.courier.jobs).toHaveLength(0);
  });

  it('keeps the order when the courier is unreachable, and books it on the next look', async () => {
    const v = await resident();
    t.courier.unavailable = true;
    const placed = ok(await deliver(v), OrderResponse).order;
    expect(placed?.status).toBe('received');
    expect(t.courier.jobs).toHaveLength(0);
    t.courier.unavailable = false;
    t.clock.advance(2000);
    expect((await order(v))?.order_number).toBe(placed?.order_number);
    expect(t.courier.jobs).toHaveLength(1);
    expect(t.courier.jobs[0]?.request.idempotencyKey).toMatch(/^ord_/);
  });

  it('withdraws the order when the courier refuses it', async () => {
    const v = await resident();
    t.courier.rejectNext = true;
    expectError(await deliver(v), 422, 'courier_rejected');
    expect(await order(v)).toBeNull();
    expect(ok(await deliver(v), OrderResponse).order?.kind).toBe('delivery');
  });
});

describe('GET /me/order: the live status', () => {
  it('follows the courier (at most every 2 s), moves the flags when delivered, and stops asking once final', async () => {
    const v = await resident();
    const placed = ok(await deliver(v), OrderResponse).order;
    const job = t.courier.jobs[0];
    if (!job || !placed) throw new Error('no job');
    t.courier.advance(job.id, 'preparing');
    // Within 2 s of the last look: the stored order, the courier is not asked.
    const calls = t.courier.getJobCalls;
    expect((await order(v))?.status).toBe('received');
    expect(t.courier.getJobCalls).toBe(calls);
    t.clock.advance(2000);
    expect((await order(v))?.status).toBe('preparing');
    t.clock.advance(60_000);
    t.courier.advance(job.id, 'out_for_delivery');
    t.clock.advance(2000);
    const onTheWay = await order(v);
    expect(onTheWay?.status).toBe('out_for_delivery');
    expect(onTheWay?.eta).toBe(new Date(t.clock.now() - 2000 + 30 * 60_000).toISOString());
    expect(await flags(v)).toMatchObject({ is_delivery_in_progress: true, is_sim_delivered: false });
    t.courier.advance(job.id, 'delivered');
    t.clock.advance(2000);
    const done = await order(v);
    expect(done).toMatchObject({ status: 'delivered', eta: null });
    expect(done?.history.map((h) => h.status)).toEqual(['received', 'preparing', 'out_for_delivery', 'delivered']);
    expect(await flags(v)).toMatchObject({ is_delivery_in_progress: false, is_sim_delivered: true });
    const after = t.courier.getJobCalls;
    t.clock.advance(60_000);
    expect((await order(v))?.status).toBe('delivered');
    expect(t.courier.getJobCalls).toBe(after);
  });

  it('answers the stored order when the courier is down, and keeps the order where it was after a failure', async () => {
    const v = await resident();
    ok(await deliver(v), OrderResponse);
    t.courier.unavailable = true;
    t.clock.advance(2000);
    const res = await t.get(v, '/api/me/order');
    expect(res.statusCode).toBe(200);
    expect(OrderResponse.parse(res.json()).order?.status).toBe('received');
    t.courier.unavailable = false;
    const job = t.courier.jobs[0];
    if (!job) throw new Error('no job');
    t.courier.advance(job.id, 'failed');
    t.clock.advance(2000);
    expect((await order(v))?.status).toBe('received');
  });

  it('is only ever the session user\'s own: another visitor reads none', async () => {
    const v = await resident();
    ok(await deliver(v), OrderResponse);
    const other = await t.login();
    expect(await order(other)).toBeNull();
    const otherLoggedIn = await t.ready();
    expect(await order(otherLoggedIn)).toBeNull();
    expect(await order(v)).not.toBeNull();
    expectError(await t.app.inject({ method: 'GET', url: '/api/me/order' }), 400, API_ERROR_CODES.badRequest);
  });
});

describe('POST /me/pickup', () => {
  const pickup = (v: Visitor, store_id = 'yas-mall') => t.post(v, '/api/me/pickup', { store_id });

  it('lets a paid tourist collect in store, with nothing left to pay; twice is the same order', async () => {
    const v = await visitor('non_resident', 'physical');
    await paid(v);
    const placed = ok(await pickup(v), OrderResponse).order;
    expect(placed).toMatchObject({ kind: 'pickup', status: 'received', amount_due_fils: 0, delivery: null, store: { id: 'yas-mall', name: 'Yas Mall' } });
    expect(t.courier.jobs[0]?.request).toMatchObject({ kind: 'pickup', storeId: 'yas-mall', cashOnDeliveryFils: 0 });
    expect(await flags(v)).toMatchObject({ is_delivery_in_progress: true });
    expect(ok(await pickup(v), OrderResponse).order?.order_number).toBe(placed?.order_number);
    expect(t.courier.jobs).toHaveLength(1);
    expect(t.mail.to(v.email).at(-1)?.text).toContain('Yas Mall');
    // Ready, then collected: the SIM counts as delivered.
    const job = t.courier.jobs[0];
    if (!job) throw new Error('no job');
    t.courier.advance(job.id, 'preparing');
    t.courier.advance(job.id, 'ready_for_pickup');
    t.courier.advance(job.id, 'collected');
    t.clock.advance(2000);
    expect((await order(v))?.history.map((h) => h.status)).toEqual(['received', 'preparing', 'ready_for_pickup', 'collected']);
    expect(await flags(v)).toMatchObject({ is_delivery_in_progress: false, is_sim_delivered: true });
  });

  it('refuses an unpaid tourist, and an unknown store clearly', async () => {
    const unpaid = await visitor('non_resident', 'physical');
    expectError(await pickup(unpaid), 409, API_ERROR_CODES.stepNotAllowed);
    const v = await visitor('non_resident', 'physical');
    await paid(v);
    expectError(await pickup(v, 'no-such-store'), 404, API_ERROR_CODES.notFound, 'body.store_id');
    expectError(await t.post(v, '/api/me/pickup', {}), 400, API_ERROR_CODES.badRequest, 'body.store_id');
    expect(t.courier.jobs).toHaveLength(0);
  });

  it('lets a resident collect instead, paying the plan at the store', async () => {
    const v = await resident();
    const summary = await planPrice(v);
    const placed = ok(await pickup(v, 'dubai-mall'), OrderResponse).order;
    expect(placed).toMatchObject({ kind: 'pickup', amount_due_fils: summary.amount_fils });
    // Then the delivery is no longer open: one order per user.
    expectError(await deliver(v), 409, API_ERROR_CODES.stepNotAllowed);
  });
});

describe('POST /me/esim', () => {
  const esim = (v: Visitor) => t.post(v, '/api/me/esim', {});

  it('issues the paid eSIM once, e-mails its activation code, and follows it to installed', async () => {
    const v = await visitor('non_resident', 'esim');
    await paid(v);
    const issued = ok(await esim(v), OrderResponse).order;
    expect(issued).toMatchObject({ kind: 'esim', status: 'issued', amount_due_fils: 0, delivery: null, store: null });
    expect(issued?.esim?.activation_code).toMatch(ACTIVATION_CODE_PATTERN);
    expect(issued?.esim?.activation_code).toBe(`LPA:1$${issued?.esim?.smdp_address}$${issued?.esim?.matching_id}`);
    expect(t.mail.to(v.email).at(-1)?.text).toContain(issued?.esim?.activation_code);
    expect(ok(await esim(v), OrderResponse).order).toEqual(issued);
    expect(t.esim.profiles).toHaveLength(1);
    expect(await flags(v)).toMatchObject({ is_sim_activated: false, is_delivery_in_progress: false });
    const profile = t.esim.profiles[0];
    if (!profile) throw new Error('no profile');
    t.esim.install(profile.id);
    t.clock.advance(2000);
    expect((await order(v))?.status).toBe('installed');
    expect(await flags(v)).toMatchObject({ is_sim_activated: true });
  });

  it('is for a paid eSIM only, and tells when the service is down (the retry issues it once)', async () => {
    const unpaid = await visitor('non_resident', 'esim');
    expectError(await esim(unpaid), 409, API_ERROR_CODES.stepNotAllowed);
    const physical = await visitor('non_resident', 'physical');
    await paid(physical);
    expectError(await esim(physical), 409, API_ERROR_CODES.stepNotAllowed);
    const v = await visitor('non_resident', 'esim');
    await paid(v);
    t.esim.unavailable = true;
    expectError(await esim(v), 503, 'esim_unavailable');
    // The page polls meanwhile: the service is asked at most every 2 s, and the page gets the order.
    const calls = t.esim.orderCalls;
    expect(await order(v)).toMatchObject({ kind: 'esim', esim: null });
    expect(t.esim.orderCalls).toBe(calls);
    t.esim.unavailable = false;
    expect(ok(await esim(v), OrderResponse).order?.esim).not.toBeNull();
    expect(t.esim.profiles).toHaveLength(1);
  });
});

describe('POST /me/flow_back (SPEC 2: from the first address step back to the residency check)', () => {
  it('clears the residency, the SIM type, the delivery form and the resident validation; the residency check is asked again', async () => {
    const v = await resident();
    const raw = openDatabase(t.dbFile);
    raw.prepare('UPDATE users SET resident_done = 1 WHERE uid = ?').run(v.uid);
    raw.close();
    expect((await flags(v)).is_resident_done).toBe(true);
    const res = await t.post(v, '/api/me/flow_back', { from: '/submit_delivery' });
    expect(res.statusCode).toBe(200);
    const after = FlowStatusResponse.parse(res.json());
    expect(after.flow_status_flags.is_resident_done).toBe(false);
    expect(after.flow_context).toMatchObject({ resident_type: null, sim_type: null, has_delivery_form: false });
    // No longer on the delivery step: placing an order is refused by the flow contract.
    expect((await deliver(v)).statusCode).toBe(409);
  });

  it('refuses a route that clears nothing (400) and a route the visitor is not on (409)', async () => {
    const v = await resident();
    expect((await t.post(v, '/api/me/flow_back', { from: '/submit_delivery/details' })).statusCode).toBe(400);
    expect((await t.post(v, '/api/me/flow_back', { from: '/payment' })).statusCode).toBe(400);
    expect((await t.post(v, '/api/me/flow_back', {})).statusCode).toBe(400);
    const tourist = await visitor('non_resident', 'physical');
    expect((await t.post(tourist, '/api/me/flow_back', { from: '/submit_delivery' })).statusCode).toBe(409);
    expect((await flags(tourist)).is_plan_paid).toBe(false);
  });
});
