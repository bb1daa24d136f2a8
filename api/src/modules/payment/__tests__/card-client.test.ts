import { TEST_CARDS } from '@join/fixtures/test-cards';
import { fakeProviderServer, jsonAnswer, type FakeHandler } from '../../../testing/fake-provider-server';
import { startSandboxesProgram, type SandboxesProgram } from '../../../testing/sandboxes-program';
import { createHttpCardProvider } from '../card-client';
import { cardProviderFrom } from '../card-setup';
import type { CardProvider } from '../providers';

const SECRET = 'sk_test_client_secret_key';
const MERCHANT = 'join-client-test';
const SITE = 'http://localhost:9180';
const RETURN_URL = `${SITE}/#/payment/payfort_token?payment=pay_1`;

/** A token as the hosted fields get it: POST /v1/tokens on the sandbox's origin. */
async function tokenFor(sandbox: { url: string }, number: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: sandbox.url },
    body: JSON.stringify({ merchant: MERCHANT, number, exp_month: 12, exp_year: 2031, cvc: number.startsWith('3') ? '1234' : '123', name: 'Jane Doe' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

let n = 0;
const request = (token: string, extra: Partial<Parameters<CardProvider['charge']>[0]> = {}) => ({
  token,
  amountFils: 7900,
  currency: 'AED' as const,
  reference: 'pay_1',
  idempotencyKey: `key-${++n}`,
  returnUrl: RETURN_URL,
  recurring: false,
  ...extra,
});

describe('card provider HTTP client against the sandbox', () => {
  let program: SandboxesProgram;
  let sandbox: { url: string };
  let provider: CardProvider;

  beforeAll(async () => {
    program = await startSandboxesProgram(['card'], { JOIN_CARD_MERCHANT_ID: MERCHANT, JOIN_CARD_SECRET_KEY: SECRET, JOIN_CARD_ORIGINS: SITE });
    sandbox = { url: program.url('card') };
    provider = createHttpCardProvider({ url: sandbox.url, secretKey: SECRET, merchantId: MERCHANT, timeoutMs: 5000 });
  });
  afterAll(async () => {
    await program.close();
  });

  it('names the fields, their origin and the merchant', () => {
    expect(provider.fieldsUrl).toBe(`${sandbox.url}/fields`);
    expect(provider.origin).toBe(sandbox.url);
    expect(provider.merchantId).toBe(MERCHANT);
  });

  it.each(TEST_CARDS.map((c) => [c.number, c.label, c.scenario] as const))('charges %s (%s)', async (number, _label, scenario) => {
    const result = await provider.charge(request(await tokenFor(sandbox, number), { amountFils: 4321 }));
    if (!result.ok) throw new Error(`unexpected ${result.reason} ${result.detail ?? ''}`);
    expect(result.value.last4).toBe(number.slice(-4));
    expect(result.value.amountFils).toBe(4321);
    if (scenario.kind === 'decline') expect(result.value).toMatchObject({ status: 'declined', declineReason: scenario.reason, actionUrl: null });
    else if (scenario.kind === 'three_ds') {
      expect(result.value.status).toBe('requires_action');
      expect(result.value.actionUrl).toBe(`${sandbox.url}/3ds/${result.value.id}`);
    } else expect(result.value).toMatchObject({ status: 'succeeded', declineReason: null });
  });

  it('follows a 3-D Secure charge to its end with getCharge', async () => {
    const charged = await provider.charge(request(await tokenFor(sandbox, '4000000000003220')));
    if (!charged.ok) throw new Error('charge failed');
    const page = await fetch(String(charged.value.actionUrl));
    expect(page.status).toBe(200);
    const answer = await fetch(String(charged.value.actionUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=123456&action=confirm',
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(RETURN_URL);
    const after = await provider.getCharge(charged.value.id);
    expect(after).toMatchObject({ ok: true, value: { id: charged.value.id, status: 'succeeded', brand: 'visa', last4: '3220' } });
  });

  it('gives the same charge for the same idempotency key, and token_invalid for an unknown token', async () => {
    const token = await tokenFor(sandbox, '5555555555554444');
    const req = request(token);
    const [a, b] = await Promise.all([provider.charge(req), provider.charge(req)]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ ok: true, value: { status: 'succeeded', brand: 'mastercard' } });
    const unknown = await provider.charge(request('tok_unknownunknownunknown'));
    expect(unknown).toMatchObject({ ok: true, value: { status: 'declined', declineReason: 'token_invalid', brand: null, last4: null } });
    // The key with another body is our mistake: nothing was charged, the log says why.
    const mismatch = await provider.charge({ ...req, amountFils: 1 });
    expect(mismatch).toEqual({ ok: false, reason: 'unavailable', detail: 'status 422: idempotency_mismatch' });
  });

  it('refunds, and tells not found and not refundable apart', async () => {
    const charged = await provider.charge(request(await tokenFor(sandbox, '4242424242424242'), { amountFils: 5000 }));
    if (!charged.ok) throw new Error('charge failed');
    const refund = await provider.refund(charged.value.id, 2000, 'r-1');
    expect(refund).toMatchObject({ ok: true, value: { chargeId: charged.value.id, amountFils: 2000, status: 'succeeded' } });
    expect(await provider.refund(charged.value.id, 2000, 'r-1')).toEqual(refund);
    expect(await provider.refund(charged.value.id, 3001, 'r-2')).toEqual({ ok: false, reason: 'not_refundable' });
    expect(await provider.refund('ch_nope', 1, 'r-3')).toEqual({ ok: false, reason: 'not_found' });
    expect(await provider.getCharge('ch_nope')).toEqual({ ok: false, reason: 'not_found' });
  });

  it('voids a charge still waiting for 3-D Secure; one that went through is answered as it is', async () => {
    // The sandbox's documented challenge window (sandboxes/README.md "3-D Secure"): 15 minutes.
    expect(provider.actionWindowMs).toBe(15 * 60_000);
    const waiting = await provider.charge(request(await tokenFor(sandbox, '4000000000003220')));
    if (!waiting.ok) throw new Error('charge failed');
    expect(await provider.cancel(waiting.value.id)).toMatchObject({ ok: true, value: { id: waiting.value.id, status: 'declined', declineReason: 'authentication_cancelled' } });
    const paid = await provider.charge(request(await tokenFor(sandbox, '4242424242424242')));
    if (!paid.ok) throw new Error('charge failed');
    expect(await provider.cancel(paid.value.id)).toMatchObject({ ok: true, value: { status: 'succeeded' } });
    expect(await provider.cancel('ch_nope')).toEqual({ ok: false, reason: 'not_found' });
  });

  it('is unavailable with a wrong key', async () => {
    const wrong = createHttpCardProvider({ url: sandbox.url, secretKey: 'sk_wrong_wrong_wrong', merchantId: MERCHANT, timeoutMs: 5000 });
    expect(await wrong.charge(request('tok_x'))).toEqual({ ok: false, reason: 'unavailable', detail: 'unauthorized' });
  });
});

describe('card provider HTTP client when the provider misbehaves', () => {
  const fake = fakeProviderServer();
  const client = (timeoutMs = 2000) => createHttpCardProvider({ url: fake.url, secretKey: SECRET, merchantId: MERCHANT, timeoutMs });

  it('is unavailable on a timeout, and does not try again', async () => {
    fake.handler = () => undefined; // never answers
    expect(await client(150).charge(request('tok_x'))).toEqual({ ok: false, reason: 'unavailable', detail: 'timeout' });
    expect(fake.seen).toHaveLength(1);
  });

  it('is unavailable on a 5xx, once', async () => {
    fake.handler = jsonAnswer(503, { error: 'down' });
    expect(await client().charge(request('tok_x'))).toEqual({ ok: false, reason: 'unavailable', detail: 'status 503' });
    expect(fake.seen).toHaveLength(1);
  });

  it.each([
    ['not JSON', ((_req, res) => res.end('<html>')) as FakeHandler],
    ['a charge without a status', jsonAnswer(200, { id: 'ch_1', amount: 1, brand: 'visa', last4: '4242', action_url: null, decline_reason: null })],
    ['an unknown decline reason', jsonAnswer(200, { id: 'ch_1', status: 'declined', amount: 1, brand: 'visa', last4: '4242', action_url: null, decline_reason: 'stolen' })],
    ['requires_action without a URL', jsonAnswer(200, { id: 'ch_1', status: 'requires_action', amount: 1, brand: 'visa', last4: '4242', action_url: null, decline_reason: null })],
    ['a card-less success', jsonAnswer(200, { id: 'ch_1', status: 'succeeded', amount: 1, brand: null, last4: null, action_url: null, decline_reason: null })],
  ])('is unavailable on a bad answer: %s', async (_what, answer) => {
    fake.handler = answer;
    expect(await client().charge(request('tok_x'))).toEqual({ ok: false, reason: 'unavailable', detail: 'bad_answer' });
    expect(await client().getCharge('ch_1')).toEqual({ ok: false, reason: 'unavailable', detail: 'bad_answer' });
  });

  it('is unavailable when nothing listens', async () => {
    const closed = createHttpCardProvider({ url: 'http://127.0.0.1:1', secretKey: SECRET, merchantId: MERCHANT, timeoutMs: 2000 });
    expect(await closed.refund('ch_1', 1, 'k')).toEqual({ ok: false, reason: 'unavailable', detail: 'network' });
  });
});

describe('cardProviderFrom', () => {
  it('reaches the sandbox at JOIN_CARD_PORT when JOIN_CARD_URL is unset, whose fields only the product origins it was given may frame', async () => {
    const program = await startSandboxesProgram(['card'], { JOIN_CARD_ORIGINS: SITE, JOIN_CARD_SECRET_KEY: '', JOIN_CARD_MERCHANT_ID: '' });
    try {
      const port = new URL(program.url('card')).port;
      const { provider, sandbox } = cardProviderFrom({ sandboxes: new Set(['card']), JOIN_CARD_PORT: Number(port) });
      expect(sandbox).toBe(`http://127.0.0.1:${port}`);
      expect(provider.origin).toBe(sandbox);
      const fields = await fetch(`${provider.fieldsUrl}?merchant=${provider.merchantId}&origin=${encodeURIComponent(SITE)}&lang=en`);
      expect(fields.status).toBe(200);
      expect(fields.headers.get('content-security-policy')).toContain(`frame-ancestors ${SITE};`);
      const refused = await fetch(`${provider.fieldsUrl}?merchant=${provider.merchantId}&origin=${encodeURIComponent('http://localhost:9999')}`);
      expect(refused.status).toBe(400);
    } finally {
      await program.close();
    }
  });

  it('uses JOIN_CARD_URL, its public URL, key and merchant and no sandbox', () => {
    const { provider, sandbox } = cardProviderFrom({
      sandboxes: new Set(),
      JOIN_CARD_PORT: 0,
      JOIN_CARD_URL: 'https://api.cards.example',
      JOIN_CARD_PUBLIC_URL: 'https://js.cards.example',
      JOIN_CARD_SECRET_KEY: 'sk_live_long_enough_secret',
      JOIN_CARD_MERCHANT_ID: 'join-shop',
    });
    expect(sandbox).toBeNull();
    expect(provider.fieldsUrl).toBe('https://js.cards.example/fields');
    expect(provider.origin).toBe('https://js.cards.example');
    expect(provider.merchantId).toBe('join-shop');
  });
});
