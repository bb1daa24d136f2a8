import { API_ERROR_CODES, OrderResponse } from '@join/shared/contract';
import { deliver, DUBAI_MALL, expectError, flags, FORM, FUJAIRAH, LIWA, MARINA_WATER, ok, order, planPrice, resident, t, useDeliveryApp, visitor } from './delivery-support';

/**
 * A cash-on-delivery order through the routes: placing it, and following its live status (set-up and places in delivery-support.ts).
 */
useDeliveryApp();

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
