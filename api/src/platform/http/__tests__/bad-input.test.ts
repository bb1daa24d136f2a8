import { ApiErrorBody } from '@join/shared/contract';
import { clientHeaders, form, newDeviceId, type TestApp, type Visitor, withTestApp } from '../../../testing/harness';

/** Bad input always gets a 4xx that names what is wrong, never a 500. */
describe('bad input', () => {
  let t: TestApp;
  let v: Visitor;
  withTestApp((app, [first]) => void ([t, v] = [app, first as Visitor]), { per: 'file' });

  const expect400 = (res: { statusCode: number; json(): unknown }, field: string, message?: RegExp) => {
    expect(res.statusCode).toBe(400);
    const body = ApiErrorBody.parse(res.json());
    expect(body.code).toBe('bad_request');
    expect(body.field).toBe(field);
    expect(body.message.startsWith(`${field}: `)).toBe(true);
    if (message) expect(body.message).toMatch(message);
  };
  /** A POST of `payload` declared as `contentType`. */
  const postAs = (url: string, contentType: string, payload: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...v.headers, 'content-type': contentType }, payload });

  it('names a missing header', async () => {
    const headers: Record<string, string> = clientHeaders(newDeviceId());
    delete headers['device-id'];
    const res = await t.app.inject({ method: 'POST', url: '/api/securitymanagement/login_by_device_id', headers });
    expect400(res, 'headers.device-id', /is required/);
  });

  it('names a malformed header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/securitymanagement/login_by_device_id',
      headers: clientHeaders('short'),
    });
    expect400(res, 'headers.device-id', /8 to 128/);
    const lang = await t.app.inject({ method: 'GET', url: '/api/numbers', headers: { ...v.headers, language: 'de' } });
    expect400(lang, 'headers.language');
  });

  it('rejects a malformed MSISDN', async () => {
    for (const number of ['0581234567', '97158123456', '9715812345678', 'abc', '']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/numbers', ...form(v.headers, { number }) });
      expect400(res, 'body.number', /UAE mobile MSISDN/);
    }
  });

  it('names a missing body field', async () => {
    expect400(await t.app.inject({ method: 'POST', url: '/api/numbers', headers: v.headers }), 'body.number', /is required/);
  });

  it('rejects an unknown field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/numbers', ...form(v.headers, { number: '971581234567', admin: 'yes' }) });
    expect(res.json()).toEqual({ code: 'bad_request', message: 'body.admin: unknown field admin', field: 'body.admin' });
  });

  it('rejects bad JSON, a JSON array and a wrong type', async () => {
    const headers = { ...v.headers, 'content-type': 'application/json' };
    expect400(await t.app.inject({ method: 'POST', url: '/api/numbers', headers, payload: '{"number":' }), 'body', /not valid JSON/);
    expect400(await t.app.inject({ method: 'POST', url: '/api/numbers', headers, payload: '[1,2]' }), 'body', /expected object/);
    expect400(await t.app.inject({ method: 'POST', url: '/api/numbers', headers, payload: '{"number":971581234567}' }), 'body.number');
    expect400(
      await t.app.inject({ method: 'POST', url: '/api/numbers', headers, payload: '{"__proto__":{"x":1}}' }),
      'body',
      /not valid JSON/,
    );
  });

  it('accepts an empty JSON body where nothing is required', async () => {
    const res = await postAs('/api/numbers/random', 'application/json', '');
    expect(res.statusCode).toBe(200);
  });

  it('refuses an unsupported content type and an oversized body with 4xx', async () => {
    const xml = await postAs('/api/numbers', 'application/xml', '<number/>');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 'bad_request', field: 'body' });
    const big = await t.app.inject({ method: 'POST', url: '/api/numbers', ...form(v.headers, { number: 'x'.repeat(100_000) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'bad_request', field: 'body' });
  });

  it('rejects out-of-range and repeated query values', async () => {
    expect400(await t.app.inject({ method: 'POST', url: '/api/numbers/random', ...form(v.headers, { count: 11 }) }), 'body.count');
    expect400(await t.app.inject({ method: 'POST', url: '/api/numbers/random', ...form(v.headers, { count: 'two' }) }), 'body.count');
    expect400(
      await t.app.inject({ method: 'GET', url: '/api/products/available?category=tourist&category=VIP', headers: v.headers }),
      'query.category',
    );
    expect400(await t.app.inject({ method: 'GET', url: '/api/plans/available?plan_types=DATA,SMS', headers: v.headers }), 'query.plan_types.1');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('rate limits', () => {
  let t: TestApp;
  let visitor: Visitor;
  withTestApp((app) => (t = app), { per: 'file', visitors: 0, options: { rateLimit: { loginMax: 3, randomNumbersMax: 2 } } });

  it('limits device-id logins per IP with code rate_limited', async () => {
    visitor = await t.login();
    for (let i = 0; i < 2; i++) await t.login();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/securitymanagement/login_by_device_id',
      headers: clientHeaders(newDeviceId()),
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('limits random number offers per IP', async () => {
    const offer = () => t.app.inject({ method: 'POST', url: '/api/numbers/random', headers: visitor.headers });
    expect((await offer()).statusCode).toBe(200);
    expect((await offer()).statusCode).toBe(200);
    expect((await offer()).json()).toMatchObject({ code: 'rate_limited' });
  });
});
