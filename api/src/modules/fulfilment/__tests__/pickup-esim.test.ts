import { ACTIVATION_CODE_PATTERN, API_ERROR_CODES, FlowStatusResponse, OrderResponse } from '@join/shared/contract';
import { openDatabase } from '../../../platform/db/open-database';
import type { Visitor } from '../../../testing/harness';
import { deliver, expectError, flags, ok, order, paid, planPrice, resident, t, useDeliveryApp, visitor } from './delivery-support';

/**
 * The other orders through the routes: a store pickup, an instant eSIM, and going back from the first address step (set-up and places in delivery-support.ts).
 */
useDeliveryApp();

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
