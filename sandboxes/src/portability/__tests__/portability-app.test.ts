import type { FastifyInstance } from 'fastify';
import { buildPortabilityApp } from '../portability-app';
import { FIXED_SUBSCRIBERS, GENERATED_PER_OPERATOR_AND_STATUS, OPERATOR_CODES, seedSubscribers } from '../subscribers';

/** The number-portability sandbox through its HTTP surface: the operator's key, the lookup, its refusals. */
const KEY = 'test-portability-key-0123';

describe('number-portability sandbox', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildPortabilityApp({ apiKey: KEY });
  });
  afterAll(() => app.close());

  const lookup = (msisdn: string, auth: string | null = `Bearer ${KEY}`) =>
    app.inject({ method: 'GET', url: `/v1/subscribers/${msisdn}`, headers: auth === null ? {} : { authorization: auth } });

  it.each(FIXED_SUBSCRIBERS.map((s) => [s.msisdn, s.operatorCode, s.status]))('answers the fixed subscriber %s: %s, %s', async (msisdn, operator, status) => {
    const res = await lookup(msisdn);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msisdn, operator, status });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a number no operator has, and for the operator’s own range', async () => {
    for (const msisdn of ['971599999999', '971581234567']) {
      const res = await lookup(msisdn);
      expect([msisdn, res.statusCode, res.json()]).toEqual([msisdn, 404, expect.objectContaining({ error: 'not_found' })]);
    }
  });

  it('refuses a call without the key, or with another one, before looking anything up', async () => {
    for (const auth of [null, 'Bearer wrong-key-0123456789', `Basic ${KEY}`, KEY]) {
      const res = await lookup('971501234567', auth);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('etisalat');
    }
  });

  it('refuses what is not a UAE mobile number', async () => {
    for (const msisdn of ['0501234567', '97150123456', '9715012345678', '97150123456x', '%2E%2E%2Fhealth']) {
      expect([msisdn, (await lookup(msisdn)).statusCode]).toEqual([msisdn, 400]);
    }
  });

  it('seeds the same database every start: the fixed numbers, then a spread per operator and status, never in the own range', () => {
    const rows = seedSubscribers();
    expect(rows).toEqual(seedSubscribers());
    expect(rows.slice(0, FIXED_SUBSCRIBERS.length)).toEqual(FIXED_SUBSCRIBERS);
    expect(new Set(rows.map((r) => r.msisdn)).size).toBe(rows.length);
    expect(rows).toHaveLength(FIXED_SUBSCRIBERS.length + OPERATOR_CODES.length * 3 * GENERATED_PER_OPERATOR_AND_STATUS);
    for (const r of rows) expect(r.msisdn).toMatch(/^9715[024569]\d{7}$/);
    for (const operator of OPERATOR_CODES) {
      for (const status of ['active', 'in_transfer', 'not_activated']) {
        expect(rows.filter((r) => r.operatorCode === operator && r.status === status).length).toBeGreaterThanOrEqual(GENERATED_PER_OPERATOR_AND_STATUS);
      }
    }
  });

  it('answers a generated subscriber as seeded', async () => {
    const generated = seedSubscribers()[FIXED_SUBSCRIBERS.length + 5]!;
    expect((await lookup(generated.msisdn)).json()).toEqual({ msisdn: generated.msisdn, operator: generated.operatorCode, status: generated.status });
  });
});
