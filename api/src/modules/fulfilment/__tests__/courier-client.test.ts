import { startSandboxesProgram, type SandboxesProgram } from '../../../testing/sandboxes-program';
import { createHttpCourierProvider } from '../courier-client';
import type { CourierJobRequest, CourierProvider } from '../providers';
import { fakeProviderServer, itIsUnavailableOn, jsonAnswer, neverAnswers, stallsMidAnswer, unusedPort } from '../../../testing/fake-provider-server';

/**
 * The courier client against the real sandbox (the sandboxes program on a free port, its clock
 * moved by the test through the sandbox's test hook),
 * and against a server that misbehaves: the courier's "no" is 'rejected' or 'not_found',
 * everything else 'unavailable', and nothing throws.
 */
const KEY = 'courier-client-test-key-0123';
const STEP = 20_000;
/** A fixed instant for the answers of the misbehaving service below. */
const START = Date.UTC(2026, 0, 30, 8, 0, 0);

let keyCount = 0;
const newKey = () => `idem_${Date.now()}_${++keyCount}_abcdefgh`;

const request = (overrides: Partial<CourierJobRequest> = {}): CourierJobRequest => ({
  kind: 'delivery',
  reference: 'ORD-1001',
  idempotencyKey: newKey(),
  dropoff: { lat: 25.2048, lng: 55.2708, address: 'Villa 12, Street 5', address2: 'Gate B', instructions: 'Call on arrival', phone: '971501234567' },
  storeId: null,
  cashOnDeliveryFils: 12_500,
  recipient: { name: 'JANE DOE', documentKind: 'passport', documentNumberMasked: '******871' },
  ...overrides,
});
const at = (t: number) => new Date(t).toISOString();

describe('the courier client against the sandbox', () => {
  let program: SandboxesProgram;
  let sandbox: { url: string };
  let provider: CourierProvider;
  /** Moves the courier's clock (POST /test/clock, JOIN_TEST_HOOKS) to `t`, or just past it. */
  const advanceTo = async (t: number) => {
    const clockAt = async (advance: number) => {
      const res = await fetch(`${sandbox.url}/test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_ms: advance }) });
      return Date.parse(((await res.json()) as { now: string }).now);
    };
    const now = await clockAt(0);
    if (t > now) await clockAt(t - now);
  };
  /** The instant the courier received a job: its clock's, the start of the job's steps. */
  const receivedAt = (created: Awaited<ReturnType<CourierProvider['createJob']>>) => {
    if (!created.ok) throw new Error(`not created: ${created.reason}`);
    return Date.parse(created.value.history[0]?.at ?? '');
  };
  beforeAll(async () => {
    program = await startSandboxesProgram(['courier'], { JOIN_COURIER_KEY: KEY, JOIN_COURIER_STEP_MS: String(STEP), JOIN_TEST_HOOKS: '1' });
    sandbox = { url: program.url('courier') };
    provider = createHttpCourierProvider({ url: `${sandbox.url}/`, key: KEY, timeoutMs: 2_000 });
  });
  afterAll(() => program.close());

  it('books a delivery and follows it to delivered on the courier\'s clock, with the eta on the way', async () => {
    const created = await provider.createJob(request());
    if (!created.ok) throw new Error(`not created: ${created.reason}`);
    const START = receivedAt(created);
    expect(created.value).toEqual({ id: expect.stringMatching(/^job_/), status: 'received', history: [{ status: 'received', at: at(START) }], eta: null });
    await advanceTo(START + 2 * STEP);
    expect(await provider.getJob(created.value.id)).toEqual({
      ok: true,
      value: {
        id: created.value.id,
        status: 'out_for_delivery',
        history: [
          { status: 'received', at: at(START) },
          { status: 'preparing', at: at(START + STEP) },
          { status: 'out_for_delivery', at: at(START + 2 * STEP) },
        ],
        eta: at(START + 3 * STEP),
      },
    });
    await advanceTo(START + 3 * STEP);
    expect(await provider.getJob(created.value.id)).toMatchObject({ ok: true, value: { status: 'delivered', eta: null } });
  });

  it('books a store pickup (the store\'s position, no phone) that becomes ready for pickup', async () => {
    const created = await provider.createJob(
      request({ kind: 'pickup', storeId: 'store-dxb-mall', dropoff: { lat: 25.1, lng: 55.2, address: 'Dubai Mall, ground floor', address2: '', instructions: '', phone: '' }, cashOnDeliveryFils: 0 }),
    );
    if (!created.ok) throw new Error('not created');
    await advanceTo(receivedAt(created) + 5 * STEP);
    expect(await provider.getJob(created.value.id)).toMatchObject({ ok: true, value: { status: 'ready_for_pickup' } });
  });

  it('gives the same job for the same idempotency key, one after the other and at once', async () => {
    const same = request();
    const first = await provider.createJob(same);
    expect(await provider.createJob(same)).toEqual(first);
    const together = request({ reference: 'ORD-1002' });
    const answers = await Promise.all([provider.createJob(together), provider.createJob(together), provider.createJob(together)]);
    const ids = answers.map((a) => (a.ok ? a.value.id : a.reason));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^job_/);
  });

  it("answers 'rejected' with the courier's reason, and 'unavailable' for its 503", async () => {
    const base = request().dropoff!;
    expect(await provider.createJob(request({ dropoff: { ...base, instructions: 'courier-reject' } }))).toEqual({ ok: false, reason: 'rejected', detail: 'address_not_serviceable' });
    expect(await provider.createJob(request({ dropoff: { ...base, lat: 48.85, lng: 2.35 } }))).toEqual({ ok: false, reason: 'rejected', detail: 'outside_service_area' });
    expect(await provider.createJob(request({ reference: 'ORD-courier-unavailable' }))).toEqual({ ok: false, reason: 'unavailable', detail: 'status 503' });
  });

  it("sees a job that failed at the door as 'failed'", async () => {
    const base = request().dropoff!;
    const created = await provider.createJob(request({ dropoff: { ...base, address: 'Villa 9 courier-fail' } }));
    if (!created.ok) throw new Error('not created');
    await advanceTo(receivedAt(created) + 3 * STEP);
    expect(await provider.getJob(created.value.id)).toMatchObject({ ok: true, value: { status: 'failed', eta: null } });
  });

  it("answers 'not_found' for an unknown job, and does not ask for an id that cannot be one", async () => {
    expect(await provider.getJob(`job_${'0'.repeat(24)}`)).toEqual({ ok: false, reason: 'not_found' });
    expect(await provider.getJob('../../admin')).toEqual({ ok: false, reason: 'not_found' });
    expect(await provider.getJob('')).toEqual({ ok: false, reason: 'not_found' });
  });

  it("is 'unavailable' with a wrong key (401), never 'rejected'", async () => {
    const wrong = createHttpCourierProvider({ url: sandbox.url, key: 'another-key-0123456789', timeoutMs: 2_000 });
    expect(await wrong.createJob(request())).toEqual({ ok: false, reason: 'unavailable', detail: 'status 401: unauthorized' });
    expect(await wrong.getJob(`job_${'0'.repeat(24)}`)).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('refuses to send a request that is our bug (a fraction of a fils, a phone with spaces, no key)', async () => {
    await expect(provider.createJob(request({ cashOnDeliveryFils: 10.5 }))).rejects.toThrow(/cashOnDeliveryFils/);
    await expect(provider.createJob(request({ dropoff: { ...request().dropoff!, phone: '050 123 4567' } }))).rejects.toThrow(/dropoff\.phone/);
    await expect(provider.createJob(request({ idempotencyKey: '' }))).rejects.toThrow(/idempotencyKey/);
  });
});

describe('the courier client against a courier that misbehaves', () => {
  const fake = fakeProviderServer();
  const { seen } = fake;

  const client = (timeoutMs = 300) => createHttpCourierProvider({ url: fake.url, key: KEY, timeoutMs });
  const job = (overrides: Record<string, unknown> = {}) => ({
    id: 'job_abc',
    kind: 'delivery',
    reference: 'ORD-1001',
    status: 'received',
    history: [{ status: 'received', at: at(START) }],
    eta: null,
    ...overrides,
  });

  it('sends the bearer key, the idempotency key and the body the contract names, once (no retry)', async () => {
    fake.handler = jsonAnswer(201, job());
    const req = request();
    expect(await client().createJob(req)).toEqual({ ok: true, value: { id: 'job_abc', status: 'received', history: [{ status: 'received', at: at(START) }], eta: null } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/jobs' });
    expect(seen[0]?.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'idempotency-key': req.idempotencyKey, 'content-type': 'application/json' });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      kind: 'delivery',
      reference: 'ORD-1001',
      dropoff: { lat: 25.2048, lng: 55.2708, address: 'Villa 12, Street 5', address_2: 'Gate B', instructions: 'Call on arrival', phone: '971501234567' },
      store: null,
      cash_on_delivery: 12_500,
      recipient: { name: 'JANE DOE', document_kind: 'passport', document_number_masked: '******871' },
    });
  });

  itIsUnavailableOn(
    fake,
    [
      ['a job without an id', jsonAnswer(201, job({ id: undefined })), 'bad answer'],
      ['an unknown status', jsonAnswer(201, job({ status: 'lost', history: [{ status: 'lost', at: at(START) }] })), 'bad answer'],
      ['a history that does not end at the status', jsonAnswer(201, job({ status: 'preparing' })), 'bad answer: history does not end at the status'],
      ['an eta that is not a time', jsonAnswer(201, job({ eta: 'soon' })), 'bad answer'],
      ['another reference', jsonAnswer(201, job({ reference: 'ORD-OTHER' })), 'bad answer: another reference'],
      ['another kind', jsonAnswer(201, job({ kind: 'pickup' })), 'bad answer: another kind'],
    ],
    () => client().createJob(request()),
  );

  it("is 'unavailable' (timeout) when the courier does not answer in time, or stalls mid-answer", async () => {
    fake.handler = neverAnswers;
    expect(await client(200).createJob(request())).toEqual({ ok: false, reason: 'unavailable', detail: 'timeout' });
    fake.handler = stallsMidAnswer;
    expect(await client(200).getJob('job_abc')).toEqual({ ok: false, reason: 'unavailable', detail: 'timeout' });
  });

  it("is 'unavailable' (network) when nothing listens", async () => {
    const port = await unusedPort();
    expect(await createHttpCourierProvider({ url: `http://127.0.0.1:${port}`, key: KEY, timeoutMs: 1_000 }).getJob('job_abc')).toEqual({ ok: false, reason: 'unavailable', detail: 'network' });
  });

  it('checks that a job answer is the one asked for', async () => {
    fake.handler = jsonAnswer(200, job({ id: 'job_other' }));
    expect(await client().getJob('job_abc')).toEqual({ ok: false, reason: 'unavailable', detail: 'bad answer: another job' });
    fake.handler = jsonAnswer(404, { error: 'not_found' });
    expect(await client().getJob('job_abc')).toEqual({ ok: false, reason: 'not_found' });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/v1/jobs/job_abc' });
  });
});
