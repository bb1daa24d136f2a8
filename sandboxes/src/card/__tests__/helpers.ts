import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCardApp, type CardSandboxOptions } from '../card-app';
import type * as CardRules from '../public/card-rules.js';
import { sandboxUnderTest } from '../../testing/sandbox-under-test';

export const SITE = 'http://localhost:8080';
export const SANDBOX = 'http://cards.test:8092';
export const SECRET = 'sk_test_secret_key_for_tests';
export const MERCHANT = 'join-test';
export const RETURN_URL = `${SITE}/#/payment/payfort_token?payment=pay_123`;

export function testApp(overrides: Partial<CardSandboxOptions> = {}) {
  return buildCardApp({
    publicUrl: SANDBOX,
    merchantId: MERCHANT,
    secretKey: SECRET,
    allowedOrigins: [SITE, 'http://127.0.0.1:8080'],
    ...overrides,
  });
}

const AUTH_HEADERS = { authorization: `Bearer ${SECRET}` };
export const START = Date.UTC(2026, 10, 23, 10, 0, 0);

/** A charge as the API answers it (what the tests read of it). */
export interface Charge {
  id: string;
  status: string;
  amount: number;
  brand: string | null;
  last4: string | null;
  action_url: string | null;
  decline_reason: string | null;
  amount_refunded: number;
}

/**
 * A fresh card sandbox per test (its clock at START) and the calls its tests make: card data as
 * the fields send it, a token, a charge (the merchant's secret key, a new Idempotency-Key).
 */
export function cardUnderTest() {
  const sandbox = sandboxUnderTest({ apiKey: SECRET, start: START, build: (now) => testApp({ now }) });
  const key = sandbox.newKey;
  const card = (number: string, extra: Record<string, unknown> = {}) => ({
    merchant: MERCHANT,
    number,
    exp_month: 12,
    exp_year: 2030,
    cvc: number.startsWith('3') ? '1234' : '123',
    name: 'Jane Doe',
    lang: 'en',
    ...extra,
  });
  async function tokenOf(number: string, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await sandbox.app.inject({ method: 'POST', url: '/v1/tokens', headers: { origin: SANDBOX }, payload: card(number, extra) });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  }
  const chargeBody = (token: string, extra: Record<string, unknown> = {}) => ({
    token,
    amount: 7900,
    currency: 'AED',
    reference: 'pay_123',
    return_url: RETURN_URL,
    recurring: false,
    ...extra,
  });
  const charge = (token: string, extra: Record<string, unknown> = {}, idempotencyKey = key()) =>
    sandbox.app.inject({ method: 'POST', url: '/v1/charges', headers: { ...AUTH_HEADERS, 'idempotency-key': idempotencyKey }, payload: chargeBody(token, extra) });
  return { sandbox, AUTH: AUTH_HEADERS, key, card, tokenOf, chargeBody, charge };
}

/** The rules module exactly as the sandbox serves it, loaded as a module the way the page loads it (its type: the checked JS file's own). */
export type RulesModule = typeof CardRules;

export async function loadServedRules(): Promise<RulesModule> {
  const app = await testApp();
  const res = await app.inject({ method: 'GET', url: '/assets/card-rules.js' });
  await app.close();
  if (res.statusCode !== 200) throw new Error(`card-rules.js: ${res.statusCode}`);
  const file = join(mkdtempSync(join(tmpdir(), 'card-rules-')), 'card-rules.mjs');
  writeFileSync(file, res.body);
  return (await import(file)) as RulesModule;
}
