// The scale-out proof under load and faults (issue 29, item 5), after a build: the product as
// `npm run start:scaled` starts it (scripts/start-scaled.mjs, through perf/scaled-launch.mjs) on a
// FRESH private PostgreSQL cluster of its own (JOIN_POSTGRES_DIR in a temporary folder, removed
// afterwards), three API instances behind HAProxy, the sandboxes once; then, printing figures and
// an `ok` or `FAIL` line per check (exit code 1 on any FAIL):
//
//   1. a rate limit across instances: the search budget set to RATE_BUDGET for this run
//      (JOIN_SEARCH_RATE_LIMIT), RATE_BUDGET + 15 searches at once through HAProxy: exactly
//      RATE_BUDGET answered 200, the rest 429 with Retry-After; then one search more per instance
//      in turn: 429 from each of the three;
//   2. a reservation race: RACERS visitors (device logins, each its own session, each sending from
//      a loopback address of its own, so that the claims meet at the number's row and not one
//      after the other at one address's lock) POST the same free number at once through HAProxy:
//      one 200, the rest 409 -2015 (SPEC 8 number_already_booked), answered by all three
//      instances; PostgreSQL holds one holder and one hold ledger row, and the winner's
//      GET /numbers/reservation (on whichever instance) shows it;
//   3. two tabs paying on different instances: a visitor brought to the payment step through HTTP
//      only, as e2e/tests/pages/prepared.ts does it (plan saved, a random number held and
//      confirmed, an account by the code e-mailed to the mail sandbox and read from
//      /dev/outbox.json, inside the UAE, the passport fixture read by the identity authority
//      sandbox's OCR, the face challenge answered with the holder's camera frames, the details
//      confirmed: nothing shortcut, nothing written to the database by hand), then two card
//      payments with their own idempotency keys and tokens sent at once to api-1 and api-2
//      directly: one charge (the database's payments, the card sandbox's charge). A second visitor
//      pays with a 3-D Secure card: one start, the bank's page answered, then two confirms at once
//      on api-2 and api-3: both answer the one receipt, one capture, one receipt e-mail;
//   4. throughput: GET /me/flow_status and POST /numbers (reserves of distinct numbers by distinct
//      visitors) through HAProxy with one instance and with three (the other two put in maintenance
//      on HAProxy's admin socket: the same processes and database, no restart), each call after
//      the bare Fastify hello world, the three runs back to back, with autocannon as
//      api-throughput.mjs runs it (perf/load.mjs: 50 connections, 1 s warm-up): requests a second,
//      p50, p99, non-2xx, ratios. Each autocannon connection comes from a loopback address of its
//      own (visitors on 50 networks); the reserves once more all from 127.0.0.1, where the claims of
//      one address run one after the other (they count its live holds: api/README.md "Limits").
//      And flow status straight to one instance's port, for HAProxy's share;
//   5. `kill -9` of one instance in the middle of load: KILL_VISITORS visitors (each from an
//      address of its own) reserving KILL_WRITES numbers each, one after the other, through
//      HAProxy, and 4 clients reading a flow status; api-1 killed once a third of the reservations are acknowledged. Every
//      reservation a client saw acknowledged (200) is in PostgreSQL afterwards (its hold ledger
//      row, and each visitor holds its last acknowledged number or one it asked for later), every
//      read answered 200 (HAProxy sends a GET the dead instance left unanswered to another), and
//      the failed writes are counted: a write in flight on the killed instance may fail, it must
//      not be acknowledged and lost;
//   6. a graceful stop of api-2 (SIGTERM: it drains, then finishes its requests) under 4 clients
//      streaming GETs: every answer 200; then SIGTERM to the launcher: everything stops, exit 0
//      (scaled-smoke.mjs's checks, folded in).
//
// The budgets a run of thousands of visitors from one address would meet are raised for the run
// (RUN_ENV below, as e2e/playwright.config.ts SUITE_ENV does), except the search budget of check 1.
// The instances log at warn (the launcher echoes api-1's lines: at info it would echo every request).
// The hold ledger's claims per visitor (30 a day) are not configurable: the throughput run gives
// each visitor at most CLAIMS_EACH numbers and uses as many visitors as it needs.
//
//   node perf/scale-out.mjs        SCALE_OUT_SECONDS=10 for longer throughput samples (default 3)
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import net, { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, measure, startHelloWorld, CONNECTIONS, WARMUP_S } from './load.mjs';
import { startScaled } from './scaled-launch.mjs';
import { freePort } from '../../scripts/free-port.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const { Pool } = createRequire(path.join(root, 'api', 'package.json'))('pg');

const SECONDS = Number(process.env.SCALE_OUT_SECONDS ?? 3);
const INSTANCES = ['api-1', 'api-2', 'api-3'];
const RATE_BUDGET = 30;
const RACERS = 200;
const KILL_VISITORS = 100;
const KILL_WRITES = 20;
/** New holds per visitor in the throughput run: below the hold ledger's 30 a day per account and device. */
const CLAIMS_EACH = 25;
/** Reserves the throughput runs may make (both, warm-ups included) before a visitor would reuse a number. */
const RESERVE_CAPACITY = Number(process.env.SCALE_OUT_RESERVES ?? 12_000);
const BIG = '100000';
const RUN_ENV = {
  JOIN_INSTANCES: String(INSTANCES.length),
  JOIN_DEV_OUTBOX: '1',
  JOIN_LOGIN_RATE_LIMIT: BIG,
  JOIN_RANDOM_RATE_LIMIT: BIG,
  JOIN_TRANSFER_RATE_LIMIT: BIG,
  JOIN_RESERVE_RATE_LIMIT: BIG,
  JOIN_RESERVE_DEVICE_RATE_LIMIT: BIG,
  JOIN_HOLDS_PER_ADDRESS: `${BIG},${BIG}`,
  JOIN_ACCOUNT_RATE_LIMIT: BIG,
  JOIN_IDENTITY_RATE_LIMIT: BIG,
  JOIN_PAYMENT_RATE_LIMIT: BIG,
  JOIN_SEARCH_RATE_LIMIT: String(RATE_BUDGET),
  LOG_LEVEL: 'warn',
};
const SPEC_HEADERS = { 'api-version': 'v34', language: 'en', channel: 'Web', 'device-os': 'web' };
const NUMBER_ALREADY_BOOKED = -2015;
const CARD_SECRET_KEY = 'sk_sandbox_card_key_for_development';
const IDENTITY_FIXTURES = path.join(here, '..', 'fixtures', 'identity');
const PASSPORT = 'passport-visitor.jpg';
const FACE_FEED = 'camera-selfie-hopper.mjpeg';

// ---- checks and figures ------------------------------------------------------------------------

const checks = [];
function check(name, passed, detail = '') {
  checks.push({ name, passed });
  console.log(`  ${passed ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
}
const say = (line) => console.log(line);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const tally = (items, key) => {
  const counts = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};
const show = (counts) => JSON.stringify(counts);

// ---- HTTP as the page speaks it ----------------------------------------------------------------

/**
 * A loopback address of its own for client `i` of a group (`block` 1 to 254): 127.<block>.x.y. A
 * connection from it reaches HAProxy from that address, which HAProxy forwards to the instances
 * (X-Forwarded-For), so every per-address budget and lock counts it as a visitor on a network of
 * its own. Without it every client of this script is 127.0.0.1: one hotel's Wi-Fi.
 */
const loopback = (block, i) => `127.${block}.${Math.floor(i / 250)}.${1 + (i % 250)}`;

/** Kept-alive connections per source address, closed before HAProxy's (5 s) and Fastify's (5 s) idle timeouts. */
const agents = new Map();
function agentFrom(address) {
  if (!agents.has(address)) agents.set(address, new http.Agent({ keepAlive: true, timeout: 4000, ...(address ? { localAddress: address } : {}) }));
  return agents.get(address);
}

/**
 * One call: status, parsed JSON (or null), the instance that answered, Retry-After, Location (no
 * redirect is followed); status 0 and `error` when no answer came. `from`: the source address.
 */
function call(base, method, urlPath, { headers = {}, form, body, from } = {}) {
  const started = performance.now();
  const sent = { ...headers };
  let payload;
  if (form) {
    payload = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
    sent['content-type'] = 'application/x-www-form-urlencoded';
  } else if (body) {
    payload = body.data;
    sent['content-type'] = body.type;
  }
  return new Promise((resolve) => {
    const failed = (err) => resolve({ status: 0, json: null, text: '', instance: null, error: err.code ?? err.message, ms: performance.now() - started });
    const request = http.request(new URL(urlPath, base), { method, headers: sent, agent: agentFrom(from), ...(from ? { localAddress: from } : {}) }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', failed);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        const header = (name) => res.headers[name] ?? null;
        resolve({ status: res.statusCode, json, text, instance: header('x-join-instance'), retryAfter: header('retry-after'), location: header('location'), ms: performance.now() - started });
      });
    });
    request.on('error', failed);
    request.end(payload);
  });
}

function must(res, what) {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.error ?? res.text.slice(0, 300)}`);
  return res.json;
}

/** A new visitor: a device-id login (SPEC 7), its own session. */
async function login(base) {
  const deviceId = crypto.randomUUID();
  const session = must(await call(base, 'POST', '/api/securitymanagement/login_by_device_id', { headers: { ...SPEC_HEADERS, 'device-id': deviceId } }), 'device login');
  return { deviceId, uid: session.profile.uid, headers: { ...SPEC_HEADERS, 'device-id': deviceId, 'session-id': session.session_id } };
}

/** `count` visitors, `batch` logins at a time. */
async function logins(base, count, batch = 25) {
  const visitors = [];
  while (visitors.length < count) visitors.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - visitors.length) }, () => login(base)))));
  return visitors;
}

// ---- a visitor brought to the payment step through HTTP (e2e/tests/pages/prepared.ts) -----------

/**
 * The frames of the holder's live camera feed that follow a face prompt: the table of
 * @join/fixtures/face-frames (FRAMES_FOR, read from its source: a .ts module Node 20 cannot
 * import), over the feed's JPEG frames (its mjpegFrames).
 */
function faceFrames(feed, prompt) {
  const source = readFileSync(path.join(root, 'fixtures', 'src', 'face-frames.ts'), 'utf8');
  const row = new RegExp(`\\b${prompt}: \\[(\\d+), (\\d+), (\\d+)\\]`).exec(source);
  if (!row) throw new Error(`no frames for the prompt ${prompt} in fixtures/src/face-frames.ts`);
  const bytes = readFileSync(path.join(IDENTITY_FIXTURES, feed));
  const frames = [];
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(Buffer.from([0xff, 0xd9]), start);
    if (end < 0) break;
    frames.push(bytes.subarray(start, end + 2));
    start = end + 2;
  }
  return row.slice(1).map((i) => frames[Number(i)]);
}

function multipart(fields, files) {
  const boundary = `----join-scale-out-${crypto.randomUUID()}`;
  const parts = [
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    ...files.flatMap(({ field, filename, data }) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`),
      data,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return { data: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** The newest code e-mailed to `email` after `since`, from the mail sandbox's outbox (GET /dev/outbox.json). */
async function mailedCode(base, email, since) {
  for (let i = 0; i < 50; i += 1) {
    const res = await call(base, 'GET', `/dev/outbox.json?to=${encodeURIComponent(email)}`);
    const mail = (Array.isArray(res.json) ? res.json : []).find((m) => Date.parse(m.received_at) > since);
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) return code;
    await sleep(200);
  }
  throw new Error(`no code mailed to ${email}`);
}

/** The page's calls in the page's order, every one through `base` (HAProxy: any instance answers any of them). */
async function buyer(base, email) {
  const v = await login(base);
  const post = async (urlPath, form = {}) => must(await call(base, 'POST', `/api${urlPath}`, { headers: v.headers, form }), `POST ${urlPath}`);
  const get = async (urlPath) => must(await call(base, 'GET', `/api${urlPath}`, { headers: v.headers }), `GET ${urlPath}`);
  const { products } = await get('/products/available?category=tourist');
  const product = products.find((p) => p.ProductCode === 187);
  await post('/plans/saved_plans', { product_code: 187, plan_ids: product.AvailablePlans.map((p) => p.ID).join(',') });
  await post('/products/save', { product_code: 187 });
  await post('/me/flow_status', { key: 13 });
  const msisdn = /971\d{9}/.exec(JSON.stringify(await post('/numbers/random', { count: 1 })))[0];
  await post('/numbers', { number: msisdn });
  await post('/me/flow_status', { key: 5 });
  await post('/numbers/commit_number');
  const since = Date.now() - 1000;
  await post('/securitymanagement/send_verification_code', { email });
  const code = await mailedCode(base, email, since);
  const account = await post('/securitymanagement/validate_verification_code', { email, code });
  v.headers = { ...v.headers, 'session-id': account.session_id };
  await get('/securitymanagement/check_location.json?lat=25.20480&lng=55.27080&process_id=1');
  await post('/me/activation_method', { resident_type: 'non_resident', sim_type: 'esim' });
  const document = must(
    await call(base, 'POST', '/api/identity/document', {
      headers: v.headers,
      body: multipart({ side: 'data_page', source: 'upload' }, [{ field: 'image', filename: PASSPORT, data: readFileSync(path.join(IDENTITY_FIXTURES, PASSPORT)) }]),
    }),
    `POST /identity/document (${PASSPORT})`,
  );
  const { nonce, prompt } = await post('/identity/face/challenge');
  const frames = faceFrames(FACE_FEED, prompt).map((data, i) => ({ field: 'frame', filename: `frame-${i + 1}.jpg`, data }));
  must(await call(base, 'POST', '/api/identity/face', { headers: v.headers, body: multipart({ nonce }, frames) }), `POST /identity/face (${prompt})`);
  await post('/me/id_details', Object.fromEntries(Object.entries(document.details).filter(([, value]) => value !== null)));
  return { ...v, email, msisdn };
}

/** A single-use card token from the card sandbox (what its hosted fields make from the card typed). */
async function cardToken(fieldsUrl, merchant, number) {
  const res = await call(new URL(fieldsUrl).origin, 'POST', '/v1/tokens', {
    body: { type: 'application/json', data: JSON.stringify({ merchant, number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Jane Morgan' }) },
  });
  if (res.status !== 201) throw new Error(`card token: ${res.status} ${res.text}`);
  return res.json.id;
}

/**
 * autocannon opens each of its connections with net.connect(port, host) and has no option for the
 * source address: during `fn`, each new one comes from its own loopback address of `block`
 * (`loopback`), as 50 visitors on 50 networks.
 */
async function spreadOver(block, fn) {
  const original = net.connect;
  let opened = 0;
  net.connect = (port, host) => original({ port, host, localAddress: loopback(block, opened++ % CONNECTIONS) });
  try {
    return await fn();
  } finally {
    net.connect = original;
  }
}

// ---- HAProxy's admin socket --------------------------------------------------------------------

function haproxy(socket, command) {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let out = '';
    connection.on('data', (d) => (out += d));
    connection.on('end', () => resolve(out));
    connection.on('error', reject);
    connection.write(`${command}\n`);
  });
}

/** Per server of the backend: its state and the requests it has been sent (HAProxy's `show stat`, health checks not counted). */
async function backendServers(socket) {
  const [header, ...rows] = (await haproxy(socket, 'show stat')).trim().split('\n');
  const names = header.replace(/^# /, '').split(',');
  const servers = {};
  for (const row of rows) {
    const cells = Object.fromEntries(row.split(',').map((cell, i) => [names[i], cell]));
    if (cells.pxname === 'api' && /^api-\d+$/.test(cells.svname)) {
      servers[cells.svname] = { status: cells.status, requests: Number(cells.req_tot || 0) };
    }
  }
  return servers;
}

/** Only `names` in the balancer's rotation (the others in maintenance), then wait until those are UP. */
async function rotation(socket, names) {
  for (const name of INSTANCES) await haproxy(socket, `set server api/${name} state ${names.includes(name) ? 'ready' : 'maint'}`);
  for (let i = 0; i < 40; i += 1) {
    const servers = await backendServers(socket);
    if (names.every((name) => servers[name]?.status === 'UP')) return;
    await sleep(250);
  }
  throw new Error(`HAProxy did not bring ${names.join(', ')} up`);
}

// ---- the run -----------------------------------------------------------------------------------

const dir = mkdtempSync(path.join(tmpdir(), 'join-scale-out-'));
// The cluster's folder is made inside by the launcher and given to the postgres user, who must be
// able to reach it through this one.
chmodSync(dir, 0o755);
const publicPort = await freePort();
const startedAt = performance.now();
let launched;
let pool;
let hello;
try {
  launched = await startScaled({
    env: { ...RUN_ENV, PORT: String(publicPort), JOIN_PUBLIC_URL: `http://127.0.0.1:${publicPort}`, JOIN_POSTGRES_DIR: path.join(dir, 'postgres') },
  });
  say(`Scale-out proof: HAProxy round robin over ${INSTANCES.length} API instances on a fresh PostgreSQL cluster (${path.join(dir, 'postgres')})`);
  say(`  ready ${seconds(performance.now() - startedAt)} after the start (initdb, the seed, the sandboxes, ${INSTANCES.length} instances, HAProxy)`);
  if (!launched.databaseUrl || !launched.adminSocket || INSTANCES.some((n) => !launched.instances.has(n))) throw new Error('the launcher did not print its cluster, its admin socket and every instance');
  pool = new Pool({ connectionString: launched.databaseUrl, max: 4 });
  await proof(launched, pool);
} catch (err) {
  check('the run itself', false, err instanceof Error ? err.stack : String(err));
} finally {
  hello?.stop();
  await pool?.end();
  if (launched) {
    const stopAt = performance.now();
    const stopped = await launched.stop(60_000);
    check('SIGTERM to the launcher stops everything, exit code 0', stopped?.code === 0, stopped ? `${String(stopped.signal ?? stopped.code)} after ${seconds(performance.now() - stopAt)}` : 'still running after 60 s: killed');
  }
  rmSync(dir, { recursive: true, force: true });
}
const failed = checks.filter((c) => !c.passed);
say(`scale-out: ${checks.length - failed.length} of ${checks.length} checks ok in ${seconds(performance.now() - startedAt)}`);
if (failed.length > 0) {
  if (launched) console.error(launched.output.filter((l) => !l.startsWith('{')).slice(-30).join('\n'));
  console.error(`scale-out: ${failed.length} check(s) failed: ${failed.map((c) => c.name).join('; ')}`);
}
// Nothing of the run is left to wait for (the agents keep their connections open a few seconds).
process.exit(failed.length > 0 ? 1 : 0);

async function proof({ origin, instances, adminSocket, output }, db) {
  const direct = (name) => `http://127.0.0.1:${instances.get(name).port}`;

  // ---- 1. a rate limit across instances ----
  say(`\n1. The search budget (${RATE_BUDGET} a minute per address) spent through HAProxy over ${INSTANCES.length} instances`);
  const searcher = await login(origin);
  const search = () => call(origin, 'POST', '/api/numbers/search', { headers: searcher.headers, form: { pattern: '', per_page: 1 } });
  const burst = await Promise.all(Array.from({ length: RATE_BUDGET + 15 }, search));
  const after = [];
  for (let i = 0; i < INSTANCES.length * 2; i += 1) after.push(await search());
  const granted = burst.filter((r) => r.status === 200);
  const refused = [...burst, ...after].filter((r) => r.status === 429);
  const retryAfter = refused.map((r) => Number(r.retryAfter));
  say(`  ${burst.length} at once: ${show(tally(burst, (r) => r.status))}, 200 by ${show(tally(granted, (r) => r.instance))}, 429 by ${show(tally(burst.filter((r) => r.status === 429), (r) => r.instance))}`);
  say(`  then ${after.length} one after the other: ${show(tally(after, (r) => `${r.status} ${r.instance}`))}; Retry-After ${Math.min(...retryAfter)} to ${Math.max(...retryAfter)} s`);
  check(`exactly ${RATE_BUDGET} of ${burst.length} searches at once answered 200, the rest 429`, granted.length === RATE_BUDGET && burst.every((r) => r.status === 200 || r.status === 429), show(tally(burst, (r) => r.status)));
  check('the 200s came from all 3 instances', Object.keys(tally(granted, (r) => r.instance)).length === INSTANCES.length, show(tally(granted, (r) => r.instance)));
  check('every search after the budget answered 429, by each of the 3 instances', after.every((r) => r.status === 429) && INSTANCES.every((n) => after.some((r) => r.instance === n)), show(tally(after, (r) => `${r.status} ${r.instance}`)));
  check('every 429 carries Retry-After (1 to 60 s)', retryAfter.every((s) => Number.isInteger(s) && s >= 1 && s <= 60), `${refused.length} answers`);

  // ---- 2. the reservation race ----
  say(`\n2. ${RACERS} visitors reserve the same number at once through HAProxy`);
  const loginsAt = performance.now();
  const racers = await logins(origin, RACERS);
  const loginsMs = performance.now() - loginsAt;
  const offered = must(await call(origin, 'POST', '/api/numbers/random', { headers: racers[0].headers, form: { count: 1 } }), 'random offer');
  const contested = offered.numbers[0].MSISDN;
  const raceAt = performance.now();
  // Each racer from an address of its own: the claims meet at the number's row lock, not one after
  // the other at one address's lock (the claims of one address are serialized to count its holds).
  const race = await Promise.all(racers.map((v, i) => call(origin, 'POST', '/api/numbers', { headers: v.headers, form: { number: contested }, from: loopback(1, i) })));
  const raceMs = performance.now() - raceAt;
  const winners = race.map((r, i) => ({ r, v: racers[i] })).filter(({ r }) => r.status === 200);
  const taken = race.filter((r) => r.status === 409 && r.json?.code === NUMBER_ALREADY_BOOKED);
  const holders = (await db.query('SELECT holder FROM numbers WHERE msisdn = $1 AND holder IS NOT NULL', [contested])).rows;
  const ledger = (await db.query('SELECT uid FROM hold_log WHERE msisdn = $1', [contested])).rows;
  const winner = winners[0]?.v;
  const reservation = winner ? await call(origin, 'GET', '/api/numbers/reservation', { headers: winner.headers }) : null;
  say(`  ${RACERS} device logins in ${seconds(loginsMs)}; the race for ${contested} took ${raceMs.toFixed(0)} ms: ${show(tally(race, (r) => (r.json?.code ? `${r.status} ${r.json.code}` : r.status)))}`);
  say(`  answered by ${show(tally(race, (r) => r.instance))}; the winner answered by ${winners.map(({ r }) => r.instance).join(', ')}; PostgreSQL: ${holders.length} holder, ${ledger.length} hold ledger row`);
  check('exactly one winner', winners.length === 1, `${winners.length}`);
  check(`the ${RACERS - 1} others answered 409 ${NUMBER_ALREADY_BOOKED} (number_already_booked)`, taken.length === RACERS - 1, `${taken.length}`);
  check('the answers came from all 3 instances', INSTANCES.every((n) => race.some((r) => r.instance === n)), show(tally(race, (r) => r.instance)));
  check("PostgreSQL: one holder, the winner, and one hold ledger row", holders.length === 1 && holders[0].holder === winner?.uid && ledger.length === 1 && ledger[0].uid === winner?.uid);
  check("the winner's GET /numbers/reservation shows the number", reservation?.status === 200 && JSON.stringify(reservation.json).includes(contested), reservation ? `answered by ${reservation.instance}` : 'no winner');

  // ---- 3. two tabs paying on different instances ----
  say('\n3. Two tabs paying on different instances');
  const preparedAt = performance.now();
  const payer = await buyer(origin, `scale-out.card.${Date.now()}@example.com`);
  const payer3ds = await buyer(origin, `scale-out.3ds.${Date.now()}@example.com`);
  say(`  two visitors brought to the payment step through HTTP in ${seconds(performance.now() - preparedAt)} (device login, plan, number held and confirmed, e-mailed code, location, passport by OCR, face, details)`);
  const summary = must(await call(origin, 'GET', '/api/payment/summary', { headers: payer.headers }), 'payment summary');
  const { fields_url: fieldsUrl, merchant_id: merchant } = summary.card;
  const tokens = await Promise.all([cardToken(fieldsUrl, merchant, '4242424242424242'), cardToken(fieldsUrl, merchant, '4242424242424242')]);
  const tabs = await Promise.all(
    ['api-1', 'api-2'].map((name, i) =>
      call(direct(name), 'POST', '/api/payment/card', { headers: { ...payer.headers, 'idempotency-key': crypto.randomUUID().replace(/-/g, '') }, form: { token: tokens[i] } }),
    ),
  );
  const paid = tabs.filter((r) => r.status === 200 && r.json?.status === 'paid');
  const rows = (await db.query('SELECT id, status, provider_ref, amount_fils FROM payments WHERE uid = $1', [payer.uid])).rows;
  const charged = rows.filter((p) => p.provider_ref);
  const charges = await Promise.all(
    charged.map(async (p) => (await call(new URL(fieldsUrl).origin, 'GET', `/v1/charges/${p.provider_ref}`, { headers: { authorization: `Bearer ${CARD_SECRET_KEY}` } })).json),
  );
  say(`  tab 1 on api-1: ${tabs[0].status} ${tabs[0].json?.status ?? tabs[0].json?.code} (${tabs[0].ms.toFixed(0)} ms); tab 2 on api-2: ${tabs[1].status} ${tabs[1].json?.status ?? tabs[1].json?.code} (${tabs[1].ms.toFixed(0)} ms)`);
  say(`  PostgreSQL: payments ${show(tally(rows, (p) => p.status))}, ${charged.length} with a card charge; the card sandbox: ${charges.map((c) => `${c.id} ${c.status} ${c.amount} fils`).join(', ')}`);
  check('one tab paid, the other was refused (409)', paid.length === 1 && tabs.filter((r) => r.status === 409).length === 1, tabs.map((r) => `${r.instance}: ${r.status} ${r.json?.status ?? r.json?.code}`).join(', '));
  check('one payment captured, one card charge, succeeded for the amount', rows.filter((p) => p.status === 'captured').length === 1 && charges.length === 1 && charges[0].status === 'succeeded' && charges[0].amount === summary.amount_fils, `${summary.amount_fils} fils`);
  const receipt = await call(direct('api-3'), 'GET', '/api/payment/receipt', { headers: payer.headers });
  check('the receipt reads the same on the third instance', receipt.status === 200 && receipt.json?.receipt?.reference === paid[0]?.json?.receipt?.reference, `api-3: ${receipt.status} ${receipt.json?.receipt?.reference}`);

  const started = await call(direct('api-1'), 'POST', '/api/payment/card', {
    headers: { ...payer3ds.headers, 'idempotency-key': crypto.randomUUID().replace(/-/g, '') },
    form: { token: await cardToken(fieldsUrl, merchant, '4000000000003220') },
  });
  const paymentId = started.json?.payment_id;
  const bank = started.json?.action_url ? await call(new URL(started.json.action_url).origin, 'POST', new URL(started.json.action_url).pathname, { form: { code: '123456' } }) : null;
  const confirms = await Promise.all(['api-2', 'api-3'].map((name) => call(direct(name), 'POST', '/api/payment/card/confirm', { headers: payer3ds.headers, form: { payment_id: paymentId } })));
  const rows3ds = (await db.query('SELECT status, provider_ref FROM payments WHERE uid = $1', [payer3ds.uid])).rows;
  await sleep(1000);
  const mails = must(await call(origin, 'GET', `/dev/outbox.json?to=${encodeURIComponent(payer3ds.email)}`), 'outbox');
  const references = confirms.map((r) => r.json?.receipt?.reference);
  // The receipt e-mail's subject names the receipt's reference.
  const receiptMails = mails.filter((m) => references[0] && m.subject.includes(references[0]));
  say(`  3-D Secure: start on api-1 ${started.status} ${started.json?.status}; the bank's page ${bank?.status}; confirms at once on api-2 and api-3: ${confirms.map((r) => `${r.status} ${r.json?.status ?? r.json?.code} (${r.ms.toFixed(0)} ms)`).join(', ')}`);
  say(`  PostgreSQL: payments ${show(tally(rows3ds, (p) => p.status))}; e-mails to the payer: ${mails.map((m) => m.subject).join(' | ')}`);
  check('the 3-D Secure start asked for the bank and the bank page answered', started.json?.status === 'action_required' && bank?.status === 303, `${started.status} ${started.json?.status}, ${bank?.status}`);
  check('both confirms answered paid with the same receipt', confirms.every((r) => r.status === 200 && r.json?.status === 'paid') && references[0] && references[0] === references[1], references.join(', '));
  check('one capture and one receipt e-mail', rows3ds.length === 1 && rows3ds[0].status === 'captured' && receiptMails.length === 1, `${rows3ds.length} payment row(s), ${receiptMails.length} receipt mail(s)`);

  // ---- 4. throughput with one instance and with three ----
  say(`\n4. Throughput through HAProxy, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${SECONDS} s, each call beside a bare Fastify hello world measured just before it`);
  hello = await startHelloWorld(await freePort());
  const reader = await login(origin);
  const visitorsNeeded = Math.ceil(RESERVE_CAPACITY / CLAIMS_EACH);
  const reservers = await logins(origin, visitorsNeeded, 50);
  const free = (await db.query('SELECT msisdn FROM numbers WHERE holder IS NULL AND vanity_level = 1 ORDER BY seq LIMIT $1', [visitorsNeeded * CLAIMS_EACH])).rows.map((r) => r.msisdn);
  if (free.length < visitorsNeeded * CLAIMS_EACH) throw new Error(`only ${free.length} free basic numbers`);
  // Request k: visitor k mod V, its (k div V)-th own number (the lists are disjoint, so no two
  // visitors want one number and no visitor asks for a number it had: never 409, never the cooling-off).
  let nextReserve = 0;
  let overflow = 0;
  const reserveRequest = {
    method: 'POST',
    path: '/api/numbers',
    setupRequest: (request) => {
      const k = nextReserve++;
      const visitor = k % visitorsNeeded;
      let own = Math.floor(k / visitorsNeeded);
      if (own >= CLAIMS_EACH) {
        overflow += 1;
        own %= CLAIMS_EACH;
      }
      return { ...request, headers: { ...reservers[visitor].headers, 'content-type': 'application/x-www-form-urlencoded' }, body: `number=${free[visitor * CLAIMS_EACH + own]}` };
    },
  };
  const calls = [
    { name: 'GET /me/flow_status', url: `${origin}/api/me/flow_status`, headers: reader.headers, options: {}, spread: true },
    { name: 'POST /numbers', url: `${origin}/api/numbers`, headers: {}, options: { requests: [reserveRequest] }, spread: true },
    { name: 'POST /numbers, 1 address', url: `${origin}/api/numbers`, headers: {}, options: { requests: [reserveRequest] }, spread: false },
  ];
  // Every instance warmed up before any figure (its JIT, its pool's connections): a cold one would
  // count against the three.
  await spreadOver(3, () => load(calls[0].url, calls[0].headers, 2));
  await spreadOver(3, () => load(calls[1].url, {}, 1, calls[1].options));
  // Per call: the anchor, then one instance, then three, back to back: the machine is shared, and
  // what other work does to it drifts less within a call's three runs than over the whole phase.
  const served = { 1: Object.fromEntries(INSTANCES.map((n) => [n, 0])), 3: Object.fromEntries(INSTANCES.map((n) => [n, 0])) };
  const table = [];
  for (const c of calls) {
    // Each connection from its own address (block 3), or all from 127.0.0.1 (the hotel's Wi-Fi).
    const run = (url, headers, options) => (c.spread ? spreadOver(3, () => measure(url, headers, SECONDS, options)) : measure(url, headers, SECONDS, options));
    const anchor = await run(`${hello.origin}/`, {}, {});
    for (const names of [['api-1'], INSTANCES]) {
      await rotation(adminSocket, names);
      // Requests a finished run left in flight are counted when they end: let them.
      await sleep(1000);
      const before = await backendServers(adminSocket);
      const m = await run(c.url, c.headers, c.options);
      const afterRun = await backendServers(adminSocket);
      for (const n of INSTANCES) served[names.length][n] += afterRun[n].requests - before[n].requests;
      table.push({ instances: names.length, call: c.name, m, anchor });
    }
  }
  // HAProxy's part of a figure: the same call straight to one instance's port.
  const straight = await spreadOver(3, () => measure(`${direct('api-1')}/api/me/flow_status`, reader.headers, SECONDS));
  await rotation(adminSocket, INSTANCES);
  say('  call                        instances   req/s   p50 ms   p99 ms   non-2xx   anchor req/s   ratio to anchor');
  for (const { instances: count, call: name, m, anchor } of table) {
    say(`  ${name.padEnd(26)} ${String(count).padStart(9)} ${String(Math.round(m.rps)).padStart(7)} ${String(m.p50).padStart(8)} ${String(m.p99).padStart(8)} ${String(m.non2xx).padStart(9)} ${String(Math.round(anchor.rps)).padStart(14)} ${(m.rps / anchor.rps).toFixed(2).padStart(17)}`);
  }
  for (const c of calls) {
    const [one, three] = table.filter((r) => r.call === c.name);
    say(`  ${c.name}: three instances / one = ${(three.m.rps / one.m.rps).toFixed(2)} in requests a second; p99 ${three.m.p99} ms against ${one.m.p99} ms`);
  }
  say(`  GET /me/flow_status straight to api-1's port (no HAProxy): ${Math.round(straight.rps)} req/s, p50 ${straight.p50} ms, p99 ${straight.p99} ms, ${straight.non2xx} non-2xx`);
  say(`  requests per instance (HAProxy's counts, warm-ups included): the runs of one instance ${show(served[1])}; of three ${show(served[3])}`);
  check('every throughput answer was 2xx', table.every((r) => r.m.non2xx === 0) && straight.non2xx === 0, table.map((r) => r.m.non2xx).join(', '));
  check('one instance took the load alone, then three shared it', served[1]['api-1'] > 0 && served[1]['api-2'] === 0 && served[1]['api-3'] === 0 && INSTANCES.every((n) => served[3][n] > 0));
  check(`no visitor was asked for more than ${CLAIMS_EACH} numbers (SCALE_OUT_RESERVES covered the runs)`, overflow === 0, `${nextReserve} reserves, capacity ${visitorsNeeded * CLAIMS_EACH}`);
  hello.stop();
  hello = null;

  // ---- 5. kill -9 of one instance in the middle of load ----
  const victim = 'api-1';
  say(`\n5. kill -9 of ${victim} while ${KILL_VISITORS} visitors reserve ${KILL_WRITES} numbers each through HAProxy, and 4 clients read their flow status`);
  const writers = await logins(origin, KILL_VISITORS);
  const killFree = (await db.query('SELECT msisdn FROM numbers WHERE holder IS NULL AND vanity_level = 1 ORDER BY seq DESC LIMIT $1', [KILL_VISITORS * KILL_WRITES])).rows.map((r) => r.msisdn);
  const writes = [];
  const reads = [];
  let acknowledged = 0;
  let killedAt = null;
  let killedAfter = null;
  const killAt = Math.floor((KILL_VISITORS * KILL_WRITES) / 3);
  let writing = true;
  const loadAt = performance.now();
  const writersDone = Promise.all(
    writers.map(async (v, i) => {
      for (let j = 0; j < KILL_WRITES; j += 1) {
        const number = killFree[i * KILL_WRITES + j];
        const sentAt = performance.now();
        const r = await call(origin, 'POST', '/api/numbers', { headers: v.headers, form: { number }, from: loopback(2, i) });
        writes.push({ visitor: i, uid: v.uid, seq: j, number, status: r.status, code: r.json?.code ?? r.error ?? null, instance: r.instance, sentAt, afterKill: killedAt !== null && sentAt > killedAt });
        if (r.status === 200) acknowledged += 1;
        if (acknowledged >= killAt && killedAt === null) {
          killedAt = performance.now();
          killedAfter = acknowledged;
          process.kill(instances.get(victim).pid, 'SIGKILL');
        }
      }
    }),
  ).finally(() => (writing = false));
  const readersDone = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (writing) {
        const afterKill = killedAt !== null;
        const r = await call(origin, 'GET', '/api/me/flow_status', { headers: reader.headers });
        reads.push({ status: r.status, instance: r.instance, error: r.error, afterKill });
      }
    }),
  );
  await Promise.all([writersDone, readersDone]);
  const loadMs = performance.now() - loadAt;
  const acks = writes.filter((w) => w.status === 200);
  const failures = writes.filter((w) => w.status !== 200);
  const ledgerRows = (await db.query('SELECT uid, msisdn FROM hold_log WHERE uid = ANY($1)', [writers.map((v) => v.uid)])).rows;
  const inLedger = new Set(ledgerRows.map((r) => `${r.uid} ${r.msisdn}`));
  const lost = acks.filter((w) => !inLedger.has(`${w.uid} ${w.number}`));
  const heldNow = new Map((await db.query('SELECT holder, msisdn FROM numbers WHERE holder = ANY($1)', [writers.map((v) => v.uid)])).rows.map((r) => [r.holder, r.msisdn]));
  const wrongHold = writers.filter((v, i) => {
    const mine = writes.filter((w) => w.visitor === i).sort((a, b) => a.seq - b.seq);
    const lastAck = mine.filter((w) => w.status === 200).at(-1);
    if (!lastAck) return false;
    // The last acknowledged number, or one asked for after it whose answer was lost with the instance.
    const allowed = mine.filter((w) => w.seq >= lastAck.seq).map((w) => w.number);
    return !allowed.includes(heldNow.get(v.uid));
  });
  const failedButWritten = failures.filter((w) => inLedger.has(`${w.uid} ${w.number}`));
  const times = writes.map((w) => w.sentAt).sort((a, b) => a - b);
  say(`  ${writes.length} reservations in ${seconds(loadMs)} (${Math.round(writes.length / (loadMs / 1000))}/s), ${victim} killed after ${killedAfter} acknowledged (${killedAt ? seconds(killedAt - loadAt) : 'never'} in)`);
  say(`  answers: ${show(tally(writes, (w) => (w.code ? `${w.status} ${w.code}` : w.status)))}; by instance before the kill ${show(tally(writes.filter((w) => !w.afterKill), (w) => w.instance ?? 'none'))}, after ${show(tally(writes.filter((w) => w.afterKill), (w) => w.instance ?? 'none'))}`);
  say(`  failed writes: ${failures.length} (${show(tally(failures, (w) => w.code ?? w.status))}), of which ${failedButWritten.length} committed before the instance died (not acknowledged: the visitor asks again and extends its own hold)`);
  say(`  reads of flow status: ${reads.length}, ${show(tally(reads, (r) => r.status || r.error))}; after the kill by ${show(tally(reads.filter((r) => r.afterKill), (r) => r.instance ?? 'none'))}`);
  say(`  PostgreSQL: ${ledgerRows.length} hold ledger rows for ${acks.length} acknowledged reservations; ${lost.length} acknowledged and missing; ${wrongHold.length} visitors holding other than their last acknowledged (or later) number`);
  check(`${victim} was killed mid-way`, killedAt !== null && times.length > 0 && killedAt < times.at(-1), `${killedAfter} of ${writes.length}`);
  check('every acknowledged reservation is in PostgreSQL (its hold ledger row)', acks.length > 0 && lost.length === 0, `${acks.length} acknowledged, ${lost.length} missing`);
  check("each visitor holds its last acknowledged number (or one it asked for after it)", wrongHold.length === 0, `${wrongHold.length} wrong`);
  // A write in flight on the victim is answered 502 by HAProxy, or its connection closed (HAProxy
  // does so when the request went out on a kept-alive connection to the instance); so is one sent
  // on such a connection before HAProxy marks the instance down (within about 1.5 s).
  const lateFailures = failures.filter((w) => w.status !== 0 && w.status !== 502 || w.sentAt > killedAt + 3000);
  check(`the failed writes are those in flight on ${victim} or sent to it before it was marked down`, lateFailures.length === 0 && failures.length <= KILL_VISITORS, `${failures.length} failed, ${lateFailures.length} otherwise`);
  check('every read answered 200', reads.length > 0 && reads.every((r) => r.status === 200), show(tally(reads, (r) => r.status || r.error)));
  check(`nothing answered by ${victim} after the kill`, !writes.some((w) => w.afterKill && w.instance === victim) && !reads.some((r) => r.afterKill && r.instance === victim));
  check(`the launcher saw ${victim} die and kept the others`, output.some((line) => line.startsWith(`[scaled] ${victim} stopped (SIGKILL); 2 of 3 instances left`)));

  // ---- 6. a graceful stop under a stream of requests ----
  const drained = 'api-2';
  say(`\n6. SIGTERM of ${drained} under 4 clients streaming GET /api/biz_config/app for 5 s`);
  const statuses = [];
  const until = performance.now() + 5000;
  const stream = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (performance.now() < until) {
        const r = await call(origin, 'GET', '/api/biz_config/app');
        statuses.push({ status: r.status || r.error, instance: r.instance });
      }
    }),
  );
  await sleep(500);
  process.kill(instances.get(drained).pid, 'SIGTERM');
  await stream;
  say(`  ${statuses.length} answers ${show(tally(statuses, (s) => s.status))}, by ${show(tally(statuses, (s) => s.instance))}`);
  check(`every answer 200 while ${drained} drained and stopped`, statuses.length > 0 && statuses.every((s) => s.status === 200));
  check(`${drained} stopped by itself (exit 0) after its drain`, output.some((line) => line.startsWith(`[scaled] ${drained} stopped (0)`)));
}
