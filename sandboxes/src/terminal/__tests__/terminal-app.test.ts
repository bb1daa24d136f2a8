import type { FastifyInstance } from 'fastify';
import { compactVerify, createLocalJWKSet } from 'jose';
import { buildTerminalApp } from '../terminal-app';
import { REQUEST_TTL_MS } from '../terminal-ledger';

/** The payment terminal sandbox through its HTTP surface: the operator's API, the terminal's screen, the signed result. */
const KEY = 'test-terminal-key-0123456';
const auth = { authorization: `Bearer ${KEY}` };

describe('payment terminal sandbox', () => {
  let app: FastifyInstance;
  let clock = Date.parse('2026-11-27T10:00:00Z');
  let keyN = 0;
  beforeEach(async () => {
    app = await buildTerminalApp({ apiKey: KEY, now: () => clock });
  });
  afterEach(() => app.close());

  const create = (body: object, terminal = 'term-dxb-mall', key = `k-${++keyN}`, headers: Record<string, string> = auth) =>
    app.inject({ method: 'POST', url: `/v1/terminals/${terminal}/payment-requests`, headers: { ...headers, 'idempotency-key': key }, payload: body });
  const read = (id: string) => app.inject({ method: 'GET', url: `/v1/payment-requests/${id}`, headers: auth });
  const tap = (id: string, form: string, terminal = 'term-dxb-mall') =>
    app.inject({ method: 'POST', url: `/terminals/${terminal}/payments/${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
  const order = { reference: 'pay_1', amount: 12_500, currency: 'AED' };
  const verified = async (jws: string) => {
    const jwks = (await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const { payload, protectedHeader } = await compactVerify(jws, createLocalJWKSet(jwks));
    return { header: protectedHeader, result: JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown> };
  };

  it('refuses the operator’s API without its key', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer another-key-0123456' }]) expect((await create(order, 'term-dxb-mall', 'k', headers)).statusCode).toBe(401);
  });

  it('creates a pending request, shows it on the terminal, and signs the approval over every field', async () => {
    const made = await create(order);
    expect(made.statusCode).toBe(201);
    const request = made.json();
    expect(request).toMatchObject({ terminal_id: 'term-dxb-mall', reference: 'pay_1', amount: 12_500, currency: 'AED', status: 'pending', result: null });
    const screen = await app.inject({ method: 'GET', url: '/terminals/term-dxb-mall' });
    expect(screen.body).toContain('pay_1');
    expect(screen.body).toContain('125.00');
    expect(screen.body).toContain('Approve (tap card)');
    const tapped = await tap(request.id, 'action=approve&lang=en');
    expect(tapped.statusCode).toBe(303);
    expect((await app.inject({ method: 'GET', url: tapped.headers.location as string })).body).toContain('Approved. Authorisation code');
    const settled = (await read(request.id)).json();
    expect(settled.status).toBe('approved');
    const { header, result } = await verified(settled.result);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'terminal-result+jws' });
    expect(result).toEqual({
      request_id: request.id, terminal_id: 'term-dxb-mall', reference: 'pay_1', amount: 12_500, currency: 'AED',
      outcome: 'approved', auth_code: expect.stringMatching(/^\d{6}$/), decline_reason: null, time: new Date(clock).toISOString(),
    });
  });

  it('declines with the reason chosen on the terminal, and a settled request cannot be settled again', async () => {
    const { id } = (await create(order)).json();
    await tap(id, 'action=decline&reason=insufficient_funds');
    await tap(id, 'action=approve');
    const settled = (await read(id)).json();
    expect([settled.status, settled.decline_reason]).toEqual(['declined', 'insufficient_funds']);
    expect((await verified(settled.result)).result).toMatchObject({ outcome: 'declined', decline_reason: 'insufficient_funds', auth_code: null });
  });

  it('is cancelled on the terminal or by the operator, but not once approved', async () => {
    const first = (await create(order)).json();
    await tap(first.id, 'action=cancel');
    expect((await read(first.id)).json().status).toBe('cancelled');
    const second = (await create({ ...order, reference: 'pay_2' })).json();
    expect((await app.inject({ method: 'POST', url: `/v1/payment-requests/${second.id}/cancel`, headers: auth })).json().status).toBe('cancelled');
    const third = (await create({ ...order, reference: 'pay_3' })).json();
    await tap(third.id, 'action=approve');
    const late = await app.inject({ method: 'POST', url: `/v1/payment-requests/${third.id}/cancel`, headers: auth });
    expect([late.statusCode, late.json().error, late.json().status]).toEqual([409, 'already_settled', 'approved']);
  });

  it('holds one payment at a time per terminal, replays a key, refuses a reused key and an unknown terminal', async () => {
    const made = await create(order, 'term-dxb-mall', 'same');
    expect((await create(order, 'term-dxb-mall', 'same')).headers['idempotent-replayed']).toBe('true');
    expect((await create(order, 'term-dxb-mall', 'same')).json().id).toBe(made.json().id);
    expect((await create({ ...order, amount: 1 }, 'term-dxb-mall', 'same')).statusCode).toBe(422);
    const busy = await create({ ...order, reference: 'pay_9' });
    expect([busy.statusCode, busy.json().error]).toEqual([409, 'terminal_busy']);
    expect((await create(order, 'term-auh-marina')).statusCode).toBe(201);
    expect((await create(order, 'term-nowhere')).json().error).toBe('unknown_terminal');
    expect((await create({ ...order, currency: 'USD' })).statusCode).toBe(400);
  });

  it('expires a request nobody taps, with a signed expiry', async () => {
    const { id } = (await create(order)).json();
    clock += REQUEST_TTL_MS;
    const settled = (await read(id)).json();
    expect(settled.status).toBe('expired');
    expect((await verified(settled.result)).result.outcome).toBe('expired');
  });

  it('ignores a tap posted through another terminal’s page', async () => {
    const { id } = (await create(order)).json();
    expect((await tap(id, 'action=approve', 'term-auh-marina')).statusCode).toBe(400);
    expect((await read(id)).json().status).toBe('pending');
  });

  it('shows the screen in Arabic, right to left', async () => {
    await create(order);
    const screen = await app.inject({ method: 'GET', url: '/terminals/term-dxb-mall?lang=ar' });
    expect(screen.body).toContain('dir="rtl"');
    expect(screen.body).toContain('موافقة (مرّر البطاقة)');
    expect((await app.inject({ method: 'GET', url: '/terminals/term-x' })).statusCode).toBe(404);
  });
});

describe('payment terminal sandbox: refunds', () => {
  it('refunds an approved payment once, and nothing else', async () => {
    const app = await buildTerminalApp({ apiKey: KEY });
    const headers = { ...auth, 'idempotency-key': 'k-refund-1' };
    const made = (await app.inject({ method: 'POST', url: '/v1/terminals/term-dxb-mall/payment-requests', headers, payload: { reference: 'pay_r', amount: 100, currency: 'AED' } })).json();
    const refund = () => app.inject({ method: 'POST', url: `/v1/payment-requests/${made.id}/refund`, headers });
    expect((await refund()).statusCode).toBe(422);
    await app.inject({ method: 'POST', url: `/terminals/term-dxb-mall/payments/${made.id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=approve' });
    expect((await refund()).json().status).toBe('refunded');
    expect((await refund()).json().status).toBe('refunded');
    await app.close();
  });
});
