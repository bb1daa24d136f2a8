/**
 * @jest-environment node
 */
import { createStore } from 'jotai/vanilla';
import { z } from 'zod';
import { createApiClient, encodeForm } from '../client';
import { bus } from '../../bus';
import { applyFlowStatus, sessionAtom, setFlowFlags, setStartParams, store, updateSession } from '../../store';
import { EMPTY_FLOW_FLAGS } from '../../schemas/entities';
import { ApiError } from '../../errors/api-error';
import { bootAnswerKey } from '../../step-contract';

type Call = { url: string; method: string; headers: Headers; body: string | null };

/** A fake fetch that answers from a script of responses, recording every request. */
function fakeFetch(script: Array<(c: Call) => Response>) {
  const calls: Call[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input as string, init);
    const call: Call = { url: req.url, method: req.method, headers: req.headers, body: init?.body ? String(init.body) : null };
    calls.push(call);
    const next = script.shift();
    if (!next) throw new Error(`unexpected call ${call.method} ${call.url}`);
    return next(call);
  }) as typeof fetch;
  return { impl, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(script: Array<(c: Call) => Response>) {
  const f = fakeFetch(script);
  updateSession({ deviceId: 'device-1234', sessionId: 'sess-old', uid: 'u1', accountNumber: null, language: 'ar', gclid: 'g-1' });
  const client = createApiClient({ baseURL: 'http://api.test/api', fetchImpl: f.impl });
  return { client, calls: f.calls };
}

const Ok = z.object({ ok: z.boolean() });

describe('api client', () => {
  it('sends the operator headers and form-encoded bodies', async () => {
    const { client, calls } = setup([() => json(200, { ok: true })]);
    await client.request('POST', '/numbers', { schema: Ok, body: { number: '971581234567', ids: [1, 2] } });
    const c = calls[0]!;
    expect(c.method).toBe('POST');
    expect(c.url).toBe('http://api.test/api/numbers');
    expect(c.headers.get('api-version')).toBe('v34');
    expect(c.headers.get('channel')).toBe('Web');
    expect(c.headers.get('device-os')).toBe('web');
    expect(c.headers.get('language')).toBe('ar');
    expect(c.headers.get('device-id')).toBe('device-1234');
    expect(c.headers.get('session-id')).toBe('sess-old');
    // gclid only on login calls
    expect(c.headers.get('gclid')).toBeNull();
    expect(c.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(c.body).toBe('number=971581234567&ids=1%2C2');
  });

  it('sends gclid with the e-mail login and the social login, and not with other security calls (SPEC 7)', async () => {
    const { client, calls } = setup([0, 1, 2, 3].map(() => () => json(200, { ok: true })));
    for (const path of ['/securitymanagement/login', '/securitymanagement/social_login', '/securitymanagement/check_email', '/securitymanagement/set_password']) {
      await client.request('POST', path, { schema: Ok, body: { a: 1 } });
    }
    expect(calls.map((c) => c.headers.get('gclid'))).toEqual(['g-1', 'g-1', null, null]);
  });

  it('maps an expired verification code to the catalogue item "Code expired" (SPEC 8)', async () => {
    const { client } = setup([() => json(410, { code: 'verification_code_expired', message: 'expired' })]);
    const err = await client.request('POST', '/securitymanagement/validate_verification_code', { schema: Ok }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).messageType).toBe('code_expired');
  });

  it('keeps the whole numbers of an error body (a wait, tries left) as details', async () => {
    const { client } = setup([() => json(429, { code: 'rate_limited', message: 'wait', retry_after_s: 30, attempts_left: 0, note: 'x', ratio: 0.5 })]);
    const err = (await client.request('POST', '/securitymanagement/login', { schema: Ok }).catch((e: unknown) => e)) as ApiError;
    expect(err.details).toEqual({ retry_after_s: 30, attempts_left: 0 });
  });

  it('maps an error body to an ApiError with the catalogue message type', async () => {
    const { client } = setup([() => json(409, { code: -2015, message: 'taken' })]);
    const err = await client.request('POST', '/numbers', { schema: Ok }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: -2015, messageType: 'number_already_booked', status: 409, message: 'taken' });
  });

  it('rejects a response that does not match the contract', async () => {
    const { client } = setup([() => json(200, { ok: 'yes' })]);
    await expect(client.request('GET', '/x', { schema: Ok })).rejects.toMatchObject({ messageType: 'error_general', status: 200 });
  });

  it('recovers -27 by device-id login, without ending the session, and retries once', async () => {
    const ended = jest.fn();
    const off = bus.on('session:ended', ended);
    const { client, calls } = setup([
      () => json(401, { code: -27, message: 'Session expired' }),
      () => json(200, { session_id: 'sess-new', profile: { uid: 'u1' } }),
      (c) => json(200, { ok: c.headers.get('session-id') === 'sess-new' }),
    ]);
    await expect(client.request('GET', '/me/flow_status', { schema: Ok })).resolves.toEqual({ ok: true });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/api/me/flow_status',
      '/api/securitymanagement/login_by_device_id',
      '/api/me/flow_status',
    ]);
    expect(calls[1]!.headers.get('gclid')).toBe('g-1');
    expect(store.get(sessionAtom).sessionId).toBe('sess-new');
    expect(ended).not.toHaveBeenCalled();
    off();
  });

  it('never recovers -27 of a retail customer by a device-id login: the session ends (the host wipes the customer)', async () => {
    const ended = jest.fn();
    const off = bus.on('session:ended', ended);
    applyFlowStatus({
      flow_status_flags: EMPTY_FLOW_FLAGS,
      flow_context: { resident_type: null, sim_type: null, inside_uae: null, has_delivery_form: false, terminated_email: null, retail: true },
    });
    const { client, calls } = setup([() => json(401, { code: -27, message: 'Session expired' })]);
    await expect(client.request('GET', '/me/flow_status', { schema: Ok })).rejects.toMatchObject({ code: -27 });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/me/flow_status']);
    expect(ended).toHaveBeenCalledWith({ code: -27 });
    expect(store.get(sessionAtom).sessionId).toBeNull();
    setFlowFlags(null);
    off();
  });

  it.each([-7104, -7043, -199])('code %i forces logout: stored data wiped, new device id', async (code) => {
    const ended = jest.fn();
    const off = bus.on('session:ended', ended);
    const { client } = setup([() => json(401, { code, message: 'bye' })]);
    await expect(client.request('GET', '/me/flow_status', { schema: Ok })).rejects.toMatchObject({ code });
    expect(ended).toHaveBeenCalledWith({ code });
    const s = store.get(sessionAtom);
    expect(s.sessionId).toBeNull();
    expect(s.deviceId).not.toBe('device-1234');
    off();
  });

  it('never says is_retail on the device-id login, even with a retail start parameter: a shop device starts its customers through the retail calls', async () => {
    const session = { session_id: 'a'.repeat(64), profile: { uid: 'u9' } };
    const { client, calls } = setup([() => json(200, session)]);
    setStartParams({ is_retail: 'true' });
    await client.loginByDeviceId();
    expect(calls.map((c) => c.body)).toEqual([null]);
  });

  it('a network failure becomes error_general', async () => {
    const client = createApiClient({
      baseURL: 'http://api.test/api',
      store: createStore(),
      fetchImpl: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    await expect(client.request('GET', '/x', { schema: Ok, anonymous: true })).rejects.toMatchObject({ messageType: 'error_general', code: null });
  });

  it("serves a GET the page answered once, in the visitor's language and checked by its schema, then asks the server", async () => {
    const { client, calls } = setup([() => json(200, { ok: false })]);
    client.preload({
      [bootAnswerKey('/thing', { b: 2, a: 'x' }, 'ar')]: { ok: true },
      [bootAnswerKey('/thing', { a: 'x', b: 2 }, 'en')]: { ok: 'English' },
    });
    // The query's order does not matter; the session's language (ar here) does.
    expect(await client.request('GET', '/thing', { schema: Ok, query: { a: 'x', b: 2 } })).toEqual({ ok: true });
    expect(calls).toHaveLength(0);
    expect(await client.request('GET', '/thing', { schema: Ok, query: { a: 'x', b: 2 } })).toEqual({ ok: false });
    expect(calls).toHaveLength(1);
  });

  it("checks each answer of the page in a task of its own, as the network's would come (no long task checking them all)", async () => {
    const { client } = setup([]);
    client.preload({ [bootAnswerKey('/one', undefined, 'ar')]: { ok: true }, [bootAnswerKey('/two', undefined, 'ar')]: { ok: true } });
    const parse = jest.spyOn(Ok, 'safeParse');
    try {
      const both = Promise.all([client.request('GET', '/one', { schema: Ok }), client.request('GET', '/two', { schema: Ok })]);
      await Promise.resolve();
      await Promise.resolve();
      expect(parse).not.toHaveBeenCalled(); // not in the task that asked
      expect(await both).toEqual([{ ok: true }, { ok: true }]);
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
  });

  it('never serves a POST, another query, or an answer its schema refuses from the page', async () => {
    const { client, calls } = setup([() => json(200, { ok: true }), () => json(200, { ok: true }), () => json(200, { ok: true })]);
    client.preload({ [bootAnswerKey('/thing', undefined, 'ar')]: { ok: true }, [bootAnswerKey('/bad', undefined, 'ar')]: { ok: 'no' } });
    await client.request('POST', '/thing', { schema: Ok });
    await client.request('GET', '/thing', { schema: Ok, query: { other: 1 } });
    expect(await client.request('GET', '/bad', { schema: Ok })).toEqual({ ok: true });
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual(['POST /api/thing', 'GET /api/thing', 'GET /api/bad']);
  });

  it('encodes forms without undefined fields', () => {
    expect(encodeForm({ a: 1, b: undefined, c: true, d: 'x y' }).toString()).toBe('a=1&c=true&d=x+y');
  });
});
