// The API's hottest calls under load against their anchor: a bare Fastify "hello world" (the same
// Fastify as the API, in its own process) measured in the same run, so the figures are ratios to
// what this machine can do at all. The product runs as `npm start` runs it (scripts/start.mjs: the
// sandboxes program, then the API, logging every request), on a fresh database.
//
// The calls: GET /me/flow_status (every step asks it, on every screen and after every change of the
// flow), and the next three of a purchase: GET /biz_config/app and GET /translations (every page
// load, before anything shows) and GET /products/available (the first screen's plan list, and
// again on every tab). Each with autocannon at 50 connections, for DURATION_S seconds after a
// warm-up, alternating with the anchor. Prints requests a second, p50 and p99 latency, non-2xx
// answers (a rate limit answering instead of the route would make a figure meaningless), and the
// ratio to the anchor beside the goal (flow status: at least 0.35 of the anchor, p99 at most 5 ms).
//
//   node perf/api-throughput.mjs           API_BENCH_SECONDS=10 for longer samples
import { randomUUID } from 'node:crypto';
import { CONNECTIONS, measure as measureFor, startHelloWorld } from './load.mjs';
import { PERF_PORTS, startProduct } from './product-server.mjs';

const DURATION_S = Number(process.env.API_BENCH_SECONDS ?? 5);
export const GOAL = { flowStatusRatio: 0.35, flowStatusP99Ms: 5 };

const measure = (url, headers = {}) => measureFor(url, headers, DURATION_S);

const hello = await startHelloWorld(PERF_PORTS.helloWorld);
const product = await startProduct(PERF_PORTS.api, 'api-bench', { LOG_LEVEL: 'info' });
try {
  // A visitor's session, as the client makes it (SPEC 7 headers, device-id login).
  const headers = { 'api-version': 'v34', language: 'en', channel: 'Web', 'device-os': 'web', 'device-id': randomUUID() };
  const login = await fetch(`${product.origin}/api/securitymanagement/login_by_device_id`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  if (!login.ok) throw new Error(`the device login answered ${login.status}`);
  const session = { ...headers, 'session-id': (await login.json()).session_id };
  const calls = [
    { name: 'GET /me/flow_status', path: '/api/me/flow_status', headers: session },
    { name: 'GET /biz_config/app', path: '/api/biz_config/app', headers: { 'api-version': 'v1', 'device-os': 'web', 'cache-control': 'no-cache' } },
    { name: 'GET /translations', path: '/api/translations?container_id=web', headers },
    { name: 'GET /products/available', path: '/api/products/available?category=tourist', headers: session },
  ];
  for (const c of calls) {
    const res = await fetch(`${product.origin}${c.path}`, { headers: c.headers });
    if (!res.ok) throw new Error(`${c.name} answered ${res.status}`);
  }

  const rows = [];
  for (const c of calls) {
    // The anchor right before each call: both see the machine in the same state.
    const anchor = await measure(`${hello.origin}/`);
    const m = await measure(`${product.origin}${c.path}`, c.headers);
    rows.push({ ...c, m, anchor });
  }
  console.log(`\nAPI under load: ${CONNECTIONS} connections, ${DURATION_S} s each, against a bare Fastify hello world measured just before`);
  console.log('call                        req/s   p50 ms   p99 ms   non-2xx   anchor req/s   ratio');
  for (const { name, m, anchor } of rows) {
    console.log(
      `${name.padEnd(26)} ${String(Math.round(m.rps)).padStart(7)} ${String(m.p50).padStart(8)} ${String(m.p99).padStart(8)} ${String(m.non2xx).padStart(9)} ${String(Math.round(anchor.rps)).padStart(14)} ${(m.rps / anchor.rps).toFixed(2).padStart(7)}`,
    );
  }
  const fs = rows[0];
  const met = fs.m.rps / fs.anchor.rps >= GOAL.flowStatusRatio && fs.m.p99 <= GOAL.flowStatusP99Ms;
  console.log(`goal for flow status: ratio ≥ ${GOAL.flowStatusRatio}, p99 ≤ ${GOAL.flowStatusP99Ms} ms: ${met ? 'met' : 'not met'}`);
  if (rows.some((r) => r.m.non2xx > 0)) {
    console.error('a call answered other than 2xx under load: its figure is not the route\'s');
    process.exitCode = 1;
  }
} finally {
  product.stop();
  hello.stop();
}
