import { buildCourierApp } from '../courier-app';
import { FORM_HEADERS, sandboxUnderTest } from '../../testing/sandbox-under-test';

/**
 * The courier sandbox through its HTTP surface, on a clock the test moves: the key, the
 * body's validation, idempotency, the job's steps and eta, the pickup hand-over, the failure
 * markers, and the status page in English and Arabic.
 */
const KEY = 'test-courier-key-0123456789';
const STEP = 20_000;
const START = Date.UTC(2026, 0, 30, 8, 0, 0);

const dropoff = (overrides: Record<string, unknown> = {}) => ({
  lat: 25.2048,
  lng: 55.2708,
  address: 'Villa 12, Street 5, Al Wasl',
  address_2: 'Gate B',
  instructions: 'Call on arrival',
  phone: '971501234567',
  ...overrides,
});
const delivery = (overrides: Record<string, unknown> = {}) => ({
  kind: 'delivery',
  reference: 'ORD-1001',
  dropoff: dropoff(),
  store: null,
  cash_on_delivery: 12_500,
  recipient: RECIPIENT,
  ...overrides,
});
const pickup = (overrides: Record<string, unknown> = {}) => ({
  kind: 'pickup',
  reference: 'ORD-2001',
  dropoff: null,
  store: 'store-dxb-mall',
  cash_on_delivery: 0,
  recipient: RECIPIENT,
  ...overrides,
});

const iso = (t: number) => new Date(t).toISOString();
/** The verified person the SIM is for: the desk checks the document against it. */
const RECIPIENT = { name: 'JANE DOE', document_kind: 'passport', document_number_masked: '******871' };
const DESK_FORM = FORM_HEADERS;

describe('courier sandbox', () => {
  const sandbox = sandboxUnderTest({ apiKey: KEY, start: START, build: (now) => buildCourierApp({ apiKey: KEY, stepMs: STEP, now }) });
  const { api, newKey } = sandbox;
  const create = async (payload: Record<string, unknown>, key = newKey()) => {
    const res = await api('POST', '/v1/jobs', { payload, key });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; status: string; eta: string | null; history: { status: string; at: string }[] }>();
  };
  const job = async (id: string) => (await api('GET', `/v1/jobs/${id}`)).json<{ status: string; eta: string | null; history: unknown[]; failure_reason: string | null }>();

  it('refuses every /v1 call without the right bearer key (401, WWW-Authenticate)', async () => {
    for (const auth of [null, 'Bearer wrong-key-0123456789', `Basic ${KEY}`, `Bearer ${KEY}x`]) {
      const res = await api('POST', '/v1/jobs', { payload: delivery(), key: newKey(), auth });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ error: 'unauthorized' });
    }
    expect((await api('GET', '/v1/jobs/job_000000000000000000000000', { auth: null })).statusCode).toBe(401);
  });

  it('books a delivery: received now, with its history and no eta yet', async () => {
    const res = await api('POST', '/v1/jobs', { payload: delivery(), key: newKey() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.stringMatching(/^job_[0-9a-f]{24}$/),
      kind: 'delivery',
      reference: 'ORD-1001',
      status: 'received',
      history: [{ status: 'received', at: iso(START) }],
      eta: null,
      failure_reason: null,
      dropoff: dropoff(),
      store: null,
      cash_on_delivery: 12_500,
      recipient: RECIPIENT,
      created_at: iso(START),
    });
  });

  it('moves a delivery one step per tick of its own clock, with an eta while out for delivery', async () => {
    const { id } = await create(delivery());
    sandbox.clock = START + STEP - 1;
    expect((await job(id)).status).toBe('received');
    sandbox.clock = START + STEP;
    expect(await job(id)).toMatchObject({ status: 'preparing', eta: null });
    sandbox.clock = START + 2 * STEP + 500;
    expect(await job(id)).toMatchObject({
      status: 'out_for_delivery',
      eta: iso(START + 3 * STEP),
      history: [
        { status: 'received', at: iso(START) },
        { status: 'preparing', at: iso(START + STEP) },
        { status: 'out_for_delivery', at: iso(START + 2 * STEP) },
      ],
    });
    sandbox.clock = START + 3 * STEP;
    expect(await job(id)).toMatchObject({ status: 'delivered', eta: null });
    sandbox.clock = START + 100 * STEP;
    const done = await job(id);
    expect(done.status).toBe('delivered');
    expect(done.history).toHaveLength(4);
  });

  it('gives the same job for the same idempotency key, one after the other and at once; another body is 422', async () => {
    const key = newKey();
    const first = await create(delivery(), key);
    sandbox.clock = START + STEP;
    const again = await api('POST', '/v1/jobs', { payload: delivery(), key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ id: first.id, status: 'preparing' });

    const together = newKey();
    const answers = await Promise.all([1, 2, 3].map(() => api('POST', '/v1/jobs', { payload: delivery({ reference: 'ORD-1002' }), key: together })));
    expect(new Set(answers.map((a) => a.json<{ id: string }>().id)).size).toBe(1);

    const other = await api('POST', '/v1/jobs', { payload: delivery({ cash_on_delivery: 1 }), key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'idempotency_key_reused' });
  });

  it('answers 400 with a message naming the field for a bad body, and without an idempotency key', async () => {
    const cases: [unknown, RegExp][] = [
      [delivery({ dropoff: null }), /dropoff: is required for a delivery/],
      [delivery({ dropoff: dropoff({ phone: '' }) }), /dropoff\.phone: is required for a delivery/],
      [delivery({ dropoff: dropoff({ phone: '+971 50 123' }) }), /dropoff\.phone: must be 8 to 15 digits/],
      [delivery({ dropoff: dropoff({ address: '  ' }) }), /dropoff\.address: must not be empty/],
      [delivery({ dropoff: dropoff({ lat: 95 }) }), /dropoff\.lat/],
      [delivery({ kind: 'drone' }), /kind/],
      [delivery({ reference: 'has space' }), /reference: must be 1 to 64/],
      [delivery({ cash_on_delivery: 10.5 }), /cash_on_delivery/],
      [delivery({ cash_on_delivery: -1 }), /cash_on_delivery/],
      [delivery({ tip: 5 }), /tip|Unrecognized/i],
      [pickup({ store: null }), /store: is required for a pickup/],
      [delivery({ dropoff: dropoff({ instructions: 'ring\u0007bell' }) }), /instructions: must have no control characters/],
    ];
    for (const [payload, message] of cases) {
      const res = await api('POST', '/v1/jobs', { payload, key: newKey() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request', message: expect.stringMatching(message) });
    }
    const noKey = await api('POST', '/v1/jobs', { payload: delivery() });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ error: 'idempotency_key_required' });
    const notJson = await sandbox.app.inject({ method: 'POST', url: '/v1/jobs', headers: { authorization: `Bearer ${KEY}`, 'idempotency-key': newKey(), 'content-type': 'application/json' }, payload: '{"address":"Villa 1' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.body).not.toContain('Villa');
  });

  it('keeps the line breaks of typed instructions', async () => {
    const res = await api('POST', '/v1/jobs', { payload: delivery({ dropoff: dropoff({ instructions: 'Ring twice.\nThird floor,\r\nflat 3' }) }), key: newKey() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ dropoff: { instructions: 'Ring twice.\nThird floor,\r\nflat 3' } });
  });

  it('answers 404 for an unknown job, or an id that cannot be one', async () => {
    for (const id of ['job_000000000000000000000000', 'nope', '..%2F..%2Fadmin']) {
      const res = await api('GET', `/v1/jobs/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('runs a store pickup to ready_for_pickup, then waits for the desk to hand it over', async () => {
    const { id } = await create(pickup());
    const collect = () => api('POST', `/v1/jobs/${id}/collect`, { payload: { document_checked: true } });
    const early = await collect();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'not_ready', status: 'received' });
    sandbox.clock = START + 10 * STEP;
    expect(await job(id)).toMatchObject({ status: 'ready_for_pickup', eta: null });
    sandbox.clock = START + 10 * STEP + 7;
    const handed = await collect();
    expect(handed.statusCode).toBe(200);
    expect(handed.json()).toMatchObject({ status: 'collected', history: expect.arrayContaining([{ status: 'collected', at: iso(START + 10 * STEP + 7) }]) });
    const twice = await collect();
    expect(twice.statusCode).toBe(200);
    expect(twice.headers['idempotent-replayed']).toBe('true');
    expect(twice.json()).toMatchObject({ status: 'collected' });
    expect((await api('POST', '/v1/jobs/job_000000000000000000000000/collect', { payload: { document_checked: true } })).statusCode).toBe(404);
  });

  it('hands over only against a checked document, and never a pickup without a verified recipient', async () => {
    const { id } = await create(pickup({ reference: 'ORD-2002' }));
    const nobody = await create(pickup({ reference: 'ORD-2003', recipient: null }));
    sandbox.clock = START + 10 * STEP;
    const unchecked = await api('POST', `/v1/jobs/${id}/collect`, { payload: {} });
    expect(unchecked.statusCode).toBe(422);
    expect(unchecked.json()).toMatchObject({ error: 'document_not_checked' });
    expect((await job(id)).status).toBe('ready_for_pickup');
    const noRecipient = await api('POST', `/v1/jobs/${nobody.id}/collect`, { payload: { document_checked: true } });
    expect(noRecipient.statusCode).toBe(409);
    expect(noRecipient.json()).toMatchObject({ error: 'no_recipient' });
    // The page: the recipient beside the button, a box to tick; without the tick, nothing is handed over.
    const page = await sandbox.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('For: \u2068JANE DOE\u2069, passport \u2066******871\u2069');
    expect(page.body).toContain(`name="document_checked" required`);
    expect(page.body).toContain('No verified customer: do not hand over.');
    expect(page.body).not.toContain(`action="/desk/${nobody.id}/collect"`);
    const desk = (jobId: string, payload: string) => sandbox.app.inject({ method: 'POST', url: `/desk/${jobId}/collect`, headers: DESK_FORM, payload });
    const notTicked = await desk(id, 'lang=en');
    expect(notTicked.statusCode).toBe(422);
    expect(notTicked.body).toContain('Check the customer’s document first');
    expect((await job(id)).status).toBe('ready_for_pickup');
    expect((await desk(nobody.id, 'lang=en&document_checked=on')).statusCode).toBe(409);
    expect((await desk(id, 'lang=en&document_checked=on')).statusCode).toBe(303);
    expect((await job(id)).status).toBe('collected');
    // A recipient that is not masked, or empty, is refused when booked.
    for (const recipient of [{ ...RECIPIENT, document_number_masked: '533401871' }, { ...RECIPIENT, name: '' }]) {
      expect((await api('POST', '/v1/jobs', { payload: pickup({ reference: 'ORD-2004', recipient }), key: newKey() })).statusCode).toBe(400);
    }
  });

  it('never hands over a delivery at the desk', async () => {
    const { id } = await create(delivery());
    sandbox.clock = START + 10 * STEP;
    expect((await api('POST', `/v1/jobs/${id}/collect`, { payload: { document_checked: true } })).json()).toMatchObject({ error: 'not_ready', status: 'delivered' });
  });

  it("fails at the door for an address carrying 'courier-fail'", async () => {
    const { id } = await create(delivery({ dropoff: dropoff({ address_2: 'Flat 3 COURIER-FAIL' }) }));
    sandbox.clock = START + 2 * STEP;
    expect((await job(id)).status).toBe('out_for_delivery');
    sandbox.clock = START + 3 * STEP;
    expect(await job(id)).toMatchObject({ status: 'failed', eta: null, failure_reason: 'recipient_unreachable' });
  });

  it("refuses 'courier-reject' and a drop-off outside the UAE (422 rejected), and answers 503 for 'courier-unavailable'", async () => {
    const reject = await api('POST', '/v1/jobs', { payload: delivery({ dropoff: dropoff({ instructions: 'courier-reject' }) }), key: newKey() });
    expect(reject.statusCode).toBe(422);
    expect(reject.json()).toMatchObject({ status: 'rejected', reason: 'address_not_serviceable' });
    const abroad = await api('POST', '/v1/jobs', { payload: delivery({ dropoff: dropoff({ lat: 48.85, lng: 2.35 }) }), key: newKey() });
    expect(abroad.statusCode).toBe(422);
    expect(abroad.json()).toMatchObject({ status: 'rejected', reason: 'outside_service_area' });
    const down = await api('POST', '/v1/jobs', { payload: delivery({ reference: 'ORD-courier-unavailable' }), key: newKey() });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: 'service_unavailable' });
    // Nothing was booked by any of them.
    expect((await sandbox.app.inject({ method: 'GET', url: '/' })).body).toContain('No jobs yet.');
  });

  it('lists the jobs on its page, in English and in Arabic, and the desk hands a ready pickup over', async () => {
    const ready = await create(pickup());
    await create(delivery());
    sandbox.clock = START + 3 * STEP;
    const en = await sandbox.app.inject({ method: 'GET', url: '/' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-security-policy']).toContain("default-src 'none'");
    expect(en.headers['x-frame-options']).toBe('DENY');
    expect(en.body).toContain('<html lang="en" dir="ltr">');
    expect(en.body).toContain('Ready for pickup');
    expect(en.body).toContain('Delivered');
    // The phone is masked, the cash to collect shown.
    expect(en.body).not.toContain('971501234567');
    expect(en.body).toContain('•••567');
    expect(en.body).toContain(`action="/desk/${ready.id}/collect"`);

    const ar = await sandbox.app.inject({ method: 'GET', url: '/?lang=ar' });
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    expect(ar.body).toContain('جاهز للاستلام');
    expect(ar.body).toContain('تم التوصيل');

    expect(ar.body).toContain('اطّلعت على جواز السفر الخاص بالعميل');
    const handed = await sandbox.app.inject({ method: 'POST', url: `/desk/${ready.id}/collect`, headers: DESK_FORM, payload: 'lang=ar&document_checked=on' });
    expect(handed.statusCode).toBe(303);
    expect(handed.headers.location).toBe('/?lang=ar');
    expect((await job(ready.id)).status).toBe('collected');
    const again = await sandbox.app.inject({ method: 'POST', url: '/desk/job_000000000000000000000000/collect', headers: DESK_FORM, payload: 'lang=en&document_checked=on' });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This job does not exist');
  });

  it('serves its stylesheet', async () => {
    const css = await sandbox.app.inject({ method: 'GET', url: '/assets/sandbox.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });
  it('has no test hook unless it runs for tests (404)', async () => {
    await create(delivery());
    const res = await sandbox.app.inject({ method: 'POST', url: '/test/jobs/step', payload: { reference: 'ORD-1001' } });
    expect(res.statusCode).toBe(404);
    expect((await sandbox.app.inject({ method: 'POST', url: '/test/clock', payload: { advance_ms: STEP } })).statusCode).toBe(404);
  });
});

describe('courier sandbox test hook (JOIN_TEST_HOOKS)', () => {
  const sandbox = sandboxUnderTest({ apiKey: KEY, start: START, build: (now) => buildCourierApp({ apiKey: KEY, stepMs: STEP, now, testHooks: true }) });
  const { api, newKey } = sandbox;

  const create = async (payload: Record<string, unknown>) => {
    const res = await api('POST', '/v1/jobs', { payload, key: newKey() });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>();
  };
  const step = (reference: string) => sandbox.app.inject({ method: 'POST', url: '/test/jobs/step', payload: { reference } });
  const statusOf = async (id: string) => (await api('GET', `/v1/jobs/${id}`)).json<{ status: string; history: { status: string; at: string }[] }>();

  it('moves exactly the job named to its next status, now, whatever the clock says; others stay', async () => {
    const mine = await create(delivery({ reference: 'ORD-MINE' }));
    const theirs = await create(delivery({ reference: 'ORD-THEIRS' }));
    sandbox.clock = START + STEP / 4;
    const first = await step('ORD-MINE');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: mine.id, status: 'preparing' });
    expect((await statusOf(theirs.id)).status).toBe('received');
    // Part-way into a step, a step is still exactly one status on.
    sandbox.clock = START + STEP / 2;
    expect((await step('ORD-MINE')).json()).toMatchObject({ status: 'out_for_delivery' });
    expect((await step('ORD-MINE')).json()).toMatchObject({ status: 'delivered' });
    const done = await statusOf(mine.id);
    expect(done.history.map((h) => h.status)).toEqual(['received', 'preparing', 'out_for_delivery', 'delivered']);
    // The last status is now: the history never runs ahead of the clock.
    expect(Date.parse(done.history[3]!.at)).toBe(sandbox.clock);
    expect((await statusOf(theirs.id)).status).toBe('received');
    // The clock goes on from there: the other job moves on by itself as before.
    sandbox.clock = START + STEP;
    expect((await statusOf(theirs.id)).status).toBe('preparing');
  });

  it('stops a pickup at ready for pickup (the desk hands it over) and a delivery at its end: 409', async () => {
    await create(pickup({ reference: 'ORD-PICK' }));
    expect((await step('ORD-PICK')).json()).toMatchObject({ status: 'preparing' });
    expect((await step('ORD-PICK')).json()).toMatchObject({ status: 'ready_for_pickup' });
    const last = await step('ORD-PICK');
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ error: 'at_last_step', status: 'ready_for_pickup' });
    await create(delivery({ reference: 'ORD-FAIL', dropoff: dropoff({ instructions: 'courier-fail please' }) }));
    for (const status of ['preparing', 'out_for_delivery', 'failed']) expect((await step('ORD-FAIL')).json()).toMatchObject({ status });
    expect((await step('ORD-FAIL')).statusCode).toBe(409);
  });

  it('moves the courier\'s clock on for a test in another process (POST /test/sandbox.clock), never back', async () => {
    const job = await create(delivery({ reference: 'ORD-CLOCK' }));
    const moved = await sandbox.app.inject({ method: 'POST', url: '/test/clock', payload: { advance_ms: 2 * STEP } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ now: new Date(START + 2 * STEP).toISOString() });
    const seen = await statusOf(job.id);
    expect(seen.status).toBe('out_for_delivery');
    expect(seen.history.map((h) => h.at)).toEqual([START, START + STEP, START + 2 * STEP].map((t) => new Date(t).toISOString()));
    for (const payload of [{}, { advance_ms: -1 }, { advance_ms: 1.5 }, { advance_ms: 24 * 60 * 60 * 1000 + 1 }, { advance_ms: 1, extra: 1 }]) {
      expect((await sandbox.app.inject({ method: 'POST', url: '/test/clock', payload })).statusCode).toBe(400);
    }
    expect((await statusOf(job.id)).status).toBe('out_for_delivery');
  });

  it('answers 404 for an unknown reference and 400 for a bad body', async () => {
    expect((await step('ORD-NONE')).statusCode).toBe(404);
    for (const payload of [{}, { reference: 'bad reference!' }, { reference: 'ORD-1', extra: 1 }]) {
      const res = await sandbox.app.inject({ method: 'POST', url: '/test/jobs/step', payload });
      expect(res.statusCode).toBe(400);
    }
  });
});
