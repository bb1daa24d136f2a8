import type { LightMyRequestResponse } from 'fastify';
import { buildBnplApp } from '../bnpl-app';
import { FORM_HEADERS as FORM, formBody as form, sandboxUnderTest } from '../../testing/sandbox-under-test';

/**
 * The BNPL sandbox's tests' set-up (bnpl-api.test.ts, bnpl-pages.test.ts): a merchant's checkout
 * body, the calls a merchant's server and a shopper's browser make, on a clock the test moves.
 */
export const KEY = 'test-bnpl-key-0123456789';
export const BASE = 'http://bnpl.test:8093';
export const SUCCESS = 'http://localhost:8080/join/spotii-success?payment=pay_ABCDEFGH12';
export const FAILURE = 'http://localhost:8080/join/spotii-fail?payment=pay_ABCDEFGH12';
/** 2026-01-30 22:00 UTC is already 31 January in the UAE (UTC+4). */
export const START = Date.UTC(2026, 0, 30, 22, 0, 0);

export const body = (overrides: Record<string, unknown> = {}) => ({
  reference: 'pay_ABCDEFGH12',
  total: 10_001,
  currency: 'AED',
  success_url: SUCCESS,
  failure_url: FAILURE,
  customer: { email: 'amira@example.com' },
  description: 'Tourist SIM: Visitor 20 GB, 058 582 4920',
  ...overrides,
});

/** The code the sandbox shows on the page (as a tester reads it). */
export function shownCode(page: string): string {
  const code = /code is \u2066(\d{6})\u2069/.exec(page)?.[1] ?? /رمزك هو \u2066(\d{6})\u2069/.exec(page)?.[1];
  if (!code) throw new Error(`no code on the page: ${page.slice(0, 300)}`);
  return code;
}
export const sessionOf = (page: string) => /name="session" value="([^"]+)"/.exec(page)?.[1] ?? '';


/** A fresh BNPL sandbox per test (a clock at START) and the calls made to it. */
export function bnplUnderTest() {
  const sandbox = sandboxUnderTest({ apiKey: KEY, start: START, build: (now) => buildBnplApp({ apiKey: KEY, baseUrl: BASE, now }) });
  const { api, newKey } = sandbox;
  const create = async (overrides: Record<string, unknown> = {}, key = newKey()) => {
    const res = await api('POST', '/api/v1.0/checkouts', { payload: body(overrides), key });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; status: string; checkout_url: string; total: number }>();
  };
  const get = (id: string) => api('GET', `/api/v1.0/checkouts/${id}`);
  const statusOf = async (id: string) => (await get(id)).json<{ status: string }>().status;
  const capture = (id: string, key = newKey()) => api('POST', `/api/v1.0/checkouts/${id}/capture`, { key });
  const openPage = (id: string, lang = 'en') => sandbox.app.inject({ method: 'GET', url: `/checkout/${id}?lang=${lang}` });
  const verify = (id: string, otp: string, lang = 'en') => sandbox.app.inject({ method: 'POST', url: `/checkout/${id}/verify`, headers: FORM, payload: form({ otp, lang }) });
  const decide = (id: string, fields: Record<string, string>) =>
    sandbox.app.inject({ method: 'POST', url: `/checkout/${id}/decide`, headers: FORM, payload: form({ lang: 'en', ...fields }) });
  /** Sign in with the code the page shows: the decision page. */
  const signIn = async (id: string, lang = 'en') => {
    const res = await verify(id, shownCode((await openPage(id, lang)).body), lang);
    expect(res.statusCode).toBe(200);
    return res;
  };
  /** Follows a 303 as a browser would: to exactly the merchant's URL. */
  const followed = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(303);
    return res.headers.location;
  };
  /** Signs in and approves: the 303 to the success URL. */
  const approve = async (id: string) => decide(id, { decision: 'approve', session: sessionOf((await signIn(id)).body) });
  return { sandbox, api, newKey, create, get, statusOf, capture, openPage, verify, decide, signIn, followed, approve };
}
