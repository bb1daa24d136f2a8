/**
 * The API at the HTTP level for the retail screens' tests: `global.fetch` answers from a table of
 * routes ("POST /retail/device/code") and records every call (method, path, form body, headers).
 * Import this module FIRST in a test: ofetch binds the global fetch when it loads.
 */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  headers: Headers;
}
export interface Answer {
  status?: number;
  body: unknown;
}
export type Route = Answer | ((call: Call) => Answer);

let routes: Record<string, Route> = {};
export const calls: Call[] = [];

function respond({ status = 200, body }: Answer) {
  return {
    status,
    statusText: '',
    ok: status < 400,
    headers: new Headers({ 'content-type': 'application/json' }),
    body: {},
    text: async () => JSON.stringify(body),
  };
}

globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
  const method = (init.method ?? 'GET').toUpperCase();
  const path = url.pathname.replace(/^\/api/, '');
  const call: Call = { method, path, query: url.searchParams, body: new URLSearchParams(init.body ? String(init.body) : ''), headers: new Headers(init.headers) };
  calls.push(call);
  const route = routes[`${method} ${path}`];
  if (!route) return respond({ status: 404, body: { code: 'not_found', message: `no fake for ${method} ${path}` } });
  return respond(typeof route === 'function' ? route(call) : route);
}) as typeof fetch;

/** Sets the answers of this test (and forgets the calls of the one before). */
export function answer(table: Record<string, Route>): void {
  routes = table;
  calls.length = 0;
}

/** The calls made to one route. */
export const callsTo = (key: string): Call[] => calls.filter((c) => `${c.method} ${c.path}` === key);

/** An API refusal in the API's error shape. */
export const refusal = (status: number, code: string, extra: Record<string, unknown> = {}): Answer => ({ status, body: { code, message: code, ...extra } });

export const SHOP = { id: 'dxb-mall', name: 'Dubai Mall', name_ar: 'دبي مول' };
export const STAFF = { staff_id: 'S1001', name: 'Aisha Khan', role: 'staff' as const };
export const DEVICE_WITH_STAFF = { device_id: 'dev-1', shop: SHOP, staff: STAFF, staff_expires_at: '2026-11-27T22:00:00Z' };
