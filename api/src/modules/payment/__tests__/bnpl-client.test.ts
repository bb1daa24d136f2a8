import { startSandboxesProgram, type SandboxesProgram } from '../../../testing/sandboxes-program';
import { createHttpBnplProvider } from '../bnpl-client';
import type { BnplCheckoutRequest, BnplProvider } from '../providers';
import { fakeProviderServer, itIsUnavailableOn, jsonAnswer, neverAnswers, stallsMidAnswer, unusedPort } from '../../../testing/fake-provider-server';

/**
 * The BNPL client against the real sandbox on a free port (create, the page's forms, get,
 * capture), and against a server that misbehaves (5xx, a stall, HTML, answers that are not the
 * contract's, a closed port): a provider's "no" is a reason, everything else 'unavailable'.
 */
const KEY = 'client-test-key-0123456789';
const SUCCESS = 'http://127.0.0.1:9180/join/spotii-success?payment=pay_TESTPAY001';
const FAILURE = 'http://127.0.0.1:9180/join/spotii-fail?payment=pay_TESTPAY001';

let keyCount = 0;
const newKey = () => `idem_${Date.now()}_${++keyCount}_abcdefgh`;

const request = (overrides: Partial<BnplCheckoutRequest> = {}): BnplCheckoutRequest => ({
  reference: 'pay_TESTPAY001',
  amountFils: 25_000,
  currency: 'AED',
  idempotencyKey: newKey(),
  successUrl: SUCCESS,
  failureUrl: FAILURE,
  customer: { email: 'amira@example.com' },
  description: 'Tourist SIM: Visitor plan',
  ...overrides,
});

/** The browser on the sandbox's page: reads the code shown, signs in, clicks a button; the 303's target. */
async function clickThrough(checkoutUrl: string, decision: 'approve' | 'decline'): Promise<string | null> {
  const page = await (await fetch(`${checkoutUrl}?lang=en`)).text();
  const code = /code is \u2066(\d{6})\u2069/.exec(page)?.[1] ?? '';
  const origin = new URL(checkoutUrl).origin;
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${origin}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const decisionPage = await (await post(`${new URL(checkoutUrl).pathname}/verify`, { otp: code, lang: 'en' })).text();
  const session = /name="session" value="([^"]+)"/.exec(decisionPage)?.[1] ?? '';
  const res = await post(`${new URL(checkoutUrl).pathname}/decide`, { decision, session, lang: 'en' });
  return res.status === 303 ? res.headers.get('location') : null;
}

describe('the BNPL client against the sandbox', () => {
  let program: SandboxesProgram;
  let sandbox: { url: string };
  let provider: BnplProvider;
  beforeAll(async () => {
    program = await startSandboxesProgram(['bnpl'], { JOIN_BNPL_KEY: KEY, JOIN_BNPL_MIN_AED: '50', JOIN_BNPL_MAX_AED: '5000' });
    sandbox = { url: program.url('bnpl') };
    provider = createHttpBnplProvider({ url: sandbox.url, key: KEY, timeoutMs: 2_000, minFils: 5_000, maxFils: 500_000 });
  });
  afterAll(() => program.close());

  it('announces the provider, its 4 instalments and its limits', () => {
    expect(provider).toMatchObject({ name: 'Spotii', instalmentCount: 4, minFils: 5_000, maxFils: 500_000 });
  });

  it('creates, approves through the page, confirms and captures (twice is one capture)', async () => {
    const created = await provider.createCheckout(request());
    if (!created.ok) throw new Error(`not created: ${created.reason}`);
    expect(created.value).toMatchObject({ status: 'open', amountFils: 25_000 });
    expect(created.value.checkoutUrl).toBe(`${sandbox.url}/checkout/${created.value.id}`);

    expect(await provider.capture(created.value.id, newKey())).toEqual({ ok: false, reason: 'not_approved', detail: 'status open' });
    expect(await clickThrough(created.value.checkoutUrl, 'approve')).toBe(SUCCESS);
    expect(await provider.getCheckout(created.value.id)).toEqual({ ok: true, value: { ...created.value, status: 'approved' } });

    const key = newKey();
    const captured = await provider.capture(created.value.id, key);
    expect(captured).toEqual({ ok: true, value: { ...created.value, status: 'captured' } });
    expect(await provider.capture(created.value.id, key)).toEqual(captured);
  });

  it('cancels a checkout it will not capture, refunds one it captured, and knows the windows', async () => {
    // The sandbox's documented checkout window (sandboxes/README.md): 30 minutes, as Spotii's.
    expect(provider.checkoutWindowMs).toBe(30 * 60_000);
    const approved = await provider.createCheckout(request());
    if (!approved.ok) throw new Error('not created');
    expect(await clickThrough(approved.value.checkoutUrl, 'approve')).toBe(SUCCESS);
    expect(await provider.cancel(approved.value.id)).toEqual({ ok: true, value: { ...approved.value, status: 'cancelled' } });
    expect(await provider.cancel(approved.value.id)).toEqual({ ok: true, value: { ...approved.value, status: 'cancelled' } });
    expect(await provider.capture(approved.value.id, newKey())).toEqual({ ok: false, reason: 'not_approved', detail: 'status cancelled' });

    const captured = await provider.createCheckout(request());
    if (!captured.ok) throw new Error('not created');
    await clickThrough(captured.value.checkoutUrl, 'approve');
    expect((await provider.capture(captured.value.id, newKey())).ok).toBe(true);
    expect(await provider.cancel(captured.value.id)).toEqual({ ok: false, reason: 'captured', detail: 'status captured' });
    const key = newKey();
    expect(await provider.refund(captured.value.id, 25_000, key)).toEqual({ ok: true, value: { ...captured.value, status: 'refunded' } });
    expect(await provider.refund(captured.value.id, 25_000, key)).toEqual({ ok: true, value: { ...captured.value, status: 'refunded' } });
    expect(await provider.refund(captured.value.id, 1, newKey())).toEqual({ ok: false, reason: 'not_refundable', detail: 'status refunded' });
    expect(await provider.cancel(`chk_${'0'.repeat(32)}`)).toEqual({ ok: false, reason: 'not_found' });
    await expect(provider.refund(captured.value.id, 0.5, newKey())).rejects.toThrow(TypeError);
  });

  it('sees a decline through the page as rejected, and refuses to capture it', async () => {
    const created = await provider.createCheckout(request());
    if (!created.ok) throw new Error('not created');
    expect(await clickThrough(created.value.checkoutUrl, 'decline')).toBe(FAILURE);
    expect(await provider.getCheckout(created.value.id)).toMatchObject({ ok: true, value: { status: 'rejected' } });
    expect(await provider.capture(created.value.id, newKey())).toEqual({ ok: false, reason: 'not_approved', detail: 'status rejected' });
  });

  it('gives the same checkout for the same idempotency key, one after the other and at once', async () => {
    const same = request();
    const first = await provider.createCheckout(same);
    expect(await provider.createCheckout(same)).toEqual(first);
    const together = request();
    const answers = await Promise.all([provider.createCheckout(together), provider.createCheckout(together), provider.createCheckout(together)]);
    const ids = answers.map((a) => (a.ok ? a.value.id : a.reason));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^chk_/);
  });

  it.each([
    ['below the minimum', 4_999, 'amount_below_minimum'],
    ['above the maximum', 500_001, 'amount_above_maximum'],
  ])("answers 'rejected' for an amount %s", async (_what, amountFils, detail) => {
    expect(await provider.createCheckout(request({ amountFils }))).toEqual({ ok: false, reason: 'rejected', detail });
  });

  it("answers 'not_found' for an unknown checkout, and does not ask for an id that cannot be one", async () => {
    expect(await provider.getCheckout(`chk_${'0'.repeat(32)}`)).toEqual({ ok: false, reason: 'not_found' });
    expect(await provider.capture(`chk_${'0'.repeat(32)}`, newKey())).toEqual({ ok: false, reason: 'not_found' });
    expect(await provider.getCheckout('../../admin')).toEqual({ ok: false, reason: 'not_found' });
    expect(await provider.getCheckout('')).toEqual({ ok: false, reason: 'not_found' });
  });

  it("is 'unavailable' with a wrong key (401), never 'rejected'", async () => {
    const wrong = createHttpBnplProvider({ url: sandbox.url, key: 'another-key-0123456789', timeoutMs: 2_000, minFils: 5_000, maxFils: 500_000 });
    expect(await wrong.createCheckout(request())).toEqual({ ok: false, reason: 'unavailable', detail: 'status 401: unauthorized' });
    expect(await wrong.getCheckout(`chk_${'0'.repeat(32)}`)).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('refuses to send a request that is our bug (a fraction of a fils, a non-http URL, no key)', async () => {
    await expect(provider.createCheckout(request({ amountFils: 100.5 }))).rejects.toThrow(/amountFils/);
    await expect(provider.createCheckout(request({ successUrl: 'javascript:alert(1)' }))).rejects.toThrow(/successUrl/);
    await expect(provider.createCheckout(request({ idempotencyKey: '' }))).rejects.toThrow(/idempotencyKey/);
    await expect(provider.capture(`chk_${'0'.repeat(32)}`, 'with space')).rejects.toThrow(TypeError);
  });

  it('refuses impossible limits', () => {
    expect(() => createHttpBnplProvider({ url: sandbox.url, key: KEY, timeoutMs: 1, minFils: 10, maxFils: 5 })).toThrow(RangeError);
    expect(() => createHttpBnplProvider({ url: sandbox.url, key: KEY, timeoutMs: 1, minFils: 0.5, maxFils: 5 })).toThrow(RangeError);
  });
});

describe('the BNPL client against a provider that misbehaves', () => {
  const fake = fakeProviderServer();
  const { seen } = fake;

  const client = (timeoutMs = 300) => createHttpBnplProvider({ url: `${fake.url}/`, key: KEY, timeoutMs, minFils: 5_000, maxFils: 500_000 });
  const checkout = (overrides: Record<string, unknown> = {}) => ({
    id: 'chk_abc',
    reference: 'pay_TESTPAY001',
    status: 'open',
    total: 25_000,
    currency: 'AED',
    checkout_url: 'https://checkout.example/chk_abc',
    ...overrides,
  });

  it('sends the bearer key, the idempotency key and the body the contract names, once (no retry)', async () => {
    fake.handler = jsonAnswer(201, checkout());
    const req = request();
    expect(await client().createCheckout(req)).toEqual({ ok: true, value: { id: 'chk_abc', status: 'open', amountFils: 25_000, checkoutUrl: 'https://checkout.example/chk_abc' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/v1.0/checkouts' });
    expect(seen[0]?.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'idempotency-key': req.idempotencyKey, 'content-type': 'application/json' });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      reference: 'pay_TESTPAY001',
      total: 25_000,
      currency: 'AED',
      success_url: SUCCESS,
      failure_url: FAILURE,
      customer: { email: 'amira@example.com' },
      description: 'Tourist SIM: Visitor plan',
    });
  });

  itIsUnavailableOn(
    fake,
    [
      ['a checkout without an id', jsonAnswer(201, checkout({ id: undefined })), 'bad answer'],
      ['an unknown status', jsonAnswer(201, checkout({ status: 'pending' })), 'bad answer'],
      ['another amount', jsonAnswer(201, checkout({ total: 1 })), 'bad answer: another amount'],
      ['another reference', jsonAnswer(201, checkout({ reference: 'pay_OTHER' })), 'bad answer: another reference'],
      ['a javascript: checkout URL', jsonAnswer(201, checkout({ checkout_url: 'javascript:alert(1)' })), 'bad answer'],
    ],
    () => client().createCheckout(request()),
  );

  it("is 'unavailable' (timeout) when the provider does not answer in time, or stalls mid-answer", async () => {
    fake.handler = neverAnswers;
    expect(await client(200).createCheckout(request())).toEqual({ ok: false, reason: 'unavailable', detail: 'timeout' });
    fake.handler = stallsMidAnswer;
    expect(await client(200).getCheckout('chk_abc')).toEqual({ ok: false, reason: 'unavailable', detail: 'timeout' });
    expect(seen).toHaveLength(2);
  });

  it("is 'unavailable' (network) when nothing listens", async () => {
    const port = await unusedPort();
    const closed = createHttpBnplProvider({ url: `http://127.0.0.1:${port}`, key: KEY, timeoutMs: 1_000, minFils: 5_000, maxFils: 500_000 });
    expect(await closed.getCheckout('chk_abc')).toEqual({ ok: false, reason: 'unavailable', detail: 'network' });
  });

  it('checks that a checkout answer is the one asked for, and that a capture captured', async () => {
    fake.handler = jsonAnswer(200, checkout({ id: 'chk_other' }));
    expect(await client().getCheckout('chk_abc')).toEqual({ ok: false, reason: 'unavailable', detail: 'bad answer: another checkout' });
    fake.handler = jsonAnswer(200, checkout({ status: 'approved' }));
    expect(await client().capture('chk_abc', newKey())).toEqual({ ok: false, reason: 'unavailable', detail: 'bad answer: not captured' });
    fake.handler = jsonAnswer(409, { error: 'conflict' });
    expect(await client().capture('chk_abc', newKey())).toEqual({ ok: false, reason: 'unavailable', detail: 'status 409: conflict' });
    fake.handler = jsonAnswer(200, checkout({ status: 'captured' }));
    expect(await client().capture('chk_abc', 'capture-key-1')).toMatchObject({ ok: true, value: { status: 'captured' } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1.0/checkouts/chk_abc/capture' });
    expect(seen.at(-1)?.headers['idempotency-key']).toBe('capture-key-1');
  });
});
