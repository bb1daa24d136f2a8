import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  API_VERSION,
  CHANNEL,
  DEVICE_OS,
  LoginByDeviceIdResponse,
  NumberSearchResponse,
  NumbersResponse,
  SEARCH_DEFAULT_VANITY_LEVELS,
  VANITY_LEVELS,
} from '@join/shared/contract';
import { buildApp } from './app';
import { searchIndexQuery } from './modules/numbers/sqlite/number-search';
import { openSqliteRepositories } from './database';
import type { NumberSearch } from './modules/numbers/repository';
import { mulberry32 } from './modules/numbers';
import { FakeCourierProvider } from './testing/fake-courier';
import { FakeEsimProvider } from './testing/fake-esim';
import { activeSubscriber, FakePortabilityLookup } from './testing/fake-portability';

/**
 * `npm run bench` (after build): seeds a 1,000,000-number pool in a temp folder, then prints
 * figures, not pass/fail: number search latency through the repositories and over real HTTP,
 * reservation throughput with concurrent clients, plan prices (lists and quotes) under load,
 * and the one-winner races. Loopback only;
 * the whole run takes well under two minutes on two cores. BENCH_POOL sets the pool size.
 * The throughput clients run in a worker thread, so that they do not share the server's
 * event loop (which would measure the client as much as the server).
 */
const POOL = Number(process.env.BENCH_POOL ?? 1_000_000);
const STORE_SAMPLES = 300;
const HTTP_SAMPLES = 60;
const CLIENTS = 50;
const THROUGHPUT_MS = 3000;
const RACERS = 200;
const TARGET_P95_MS = 5;

interface Case {
  label: string;
  match: 'contains' | 'ends_with';
  digits: number;
  levels: readonly number[];
  page?: number;
  perPage?: number;
}

const { basic, basicPlus, bronze, gold, diamond, red } = VANITY_LEVELS;
const TIERS: [string, readonly number[]][] = [
  ['bronze', [bronze]],
  ['gold', [gold]],
  ['diamond', [diamond]],
  ['red', [red]],
  ['basic', [basic, basicPlus]],
];
const CASES: Case[] = [
  ...[2, 3, 4, 5, 6, 7].flatMap((digits): Case[] => [
    { label: `contains ${digits} digits`, match: 'contains', digits, levels: SEARCH_DEFAULT_VANITY_LEVELS },
    { label: `ends with ${digits} digits`, match: 'ends_with', digits, levels: SEARCH_DEFAULT_VANITY_LEVELS },
  ]),
  ...TIERS.flatMap(([tier, levels]): Case[] => [
    { label: `${tier}, no pattern`, match: 'contains', digits: 0, levels },
    { label: `${tier}, contains 2 digits`, match: 'contains', digits: 2, levels },
    { label: `${tier}, contains 3 digits`, match: 'contains', digits: 3, levels },
    { label: `${tier}, ends with 2 digits`, match: 'ends_with', digits: 2, levels },
  ]),
  { label: 'contains 1 digit, page 100 of 50', match: 'contains', digits: 1, levels: SEARCH_DEFAULT_VANITY_LEVELS, page: 100, perPage: 50 },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function stats(times: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0 };
}

const ms = (n: number) => n.toFixed(2).padStart(7);
const random = mulberry32(0xbe9c4);
const digitsOf = (n: number) => Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('');

function headersFor(device: string, session?: string): Record<string, string> {
  return {
    'api-version': API_VERSION,
    language: 'en',
    channel: CHANNEL,
    'device-id': device,
    'device-os': DEVICE_OS,
    ...(session ? { 'session-id': session } : {}),
  };
}

const formHeaders = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/x-www-form-urlencoded' });

interface GetJob {
  kind: 'get';
  base: string;
  durationMs: number;
  clients: { headers: Record<string, string>; paths: string[] }[];
}

interface GetResult {
  times: number[];
  failures: number;
  seconds: number;
}

/** Worker thread: concurrent clients each cycling through GET paths (plan prices). */
async function runGets(job: GetJob): Promise<GetResult> {
  const result: GetResult = { times: [], failures: 0, seconds: 0 };
  const started = performance.now();
  const until = started + job.durationMs;
  await Promise.all(
    job.clients.map(async ({ headers, paths }) => {
      for (let k = 0; performance.now() < until; k++) {
        const t = performance.now();
        const res = await fetch(`${job.base}/api${paths[k % paths.length]!}`, { headers });
        await res.arrayBuffer();
        result.times.push(performance.now() - t);
        if (res.status !== 200) result.failures++;
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

function inWorker<T>(job: ClientJob | GetJob): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

interface ClientJob {
  kind?: 'reserve';
  base: string;
  durationMs: number;
  clients: { headers: Record<string, string>; numbers: string[] }[];
}

interface ClientResult {
  reserveTimes: number[];
  cancelTimes: number[];
  failures: number;
  seconds: number;
}

/** Worker thread: the concurrent clients of the throughput run. */
async function runClients(job: ClientJob): Promise<ClientResult> {
  const result: ClientResult = { reserveTimes: [], cancelTimes: [], failures: 0, seconds: 0 };
  const started = performance.now();
  const until = started + job.durationMs;
  await Promise.all(
    job.clients.map(async ({ headers, numbers }) => {
      const bodiless = Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type'));
      for (let k = 0; performance.now() < until; k++) {
        const body = new URLSearchParams({ number: numbers[k % numbers.length]! });
        let t = performance.now();
        const reserved = await fetch(`${job.base}/api/numbers`, { method: 'POST', headers, body });
        await reserved.arrayBuffer();
        result.reserveTimes.push(performance.now() - t);
        if (reserved.status !== 200) result.failures++;
        t = performance.now();
        // The number goes in the query: Node's fetch (undici) closes the connection after any
        // DELETE that carries a body, which would measure TCP handshakes instead of the API.
        const cancelled = await fetch(`${job.base}/api/numbers?${body.toString()}`, { method: 'DELETE', headers: bodiless });
        await cancelled.arrayBuffer();
        result.cancelTimes.push(performance.now() - t);
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'join-bench-'));
  try {
    const opened = openSqliteRepositories(join(dir, 'bench.sqlite'), { poolSize: POOL });
    const { repos } = opened;
    console.log(`seed: ${opened.seed.numbersInserted.toLocaleString('en')} numbers (generated, inserted, indexed) in ${(opened.seedMs / 1000).toFixed(1)} s`);

    // The bench measures the server and the database under load, from one address, reserving and
    // cancelling the same numbers over and over: the budgets and anti-hoarding limits (which the
    // API tests check) would turn that into 429s, so they are lifted here.
    const app = await buildApp({
      db: repos,
      rateLimit: { loginMax: 1e6, randomNumbersMax: 1e6, searchMax: 1e6, transferMax: 1e6, reserveMax: 1e9, reserveDeviceMax: 1e9 },
      holdLimits: { coolOffMs: 0, maxHeldPerNumberMs: Number.MAX_SAFE_INTEGER, claimsPerWindow: { basic: 1e9, vip: 1e9 }, liveHoldsPerAddress: { basic: 1e9, vip: 1e9 } },
      transferCheckLimits: { numbersPerVisitor: 1e9, numbersPerAddress: 1e9, operatorsPerNumber: 1e9 },
      // The bench places no order: the in-process fakes stand in for the courier and the eSIM
      // service, and for the portability lookup (the number its transfer race reserves).
      courier: new FakeCourierProvider(),
      esim: new FakeEsimProvider(),
      portability: new FakePortabilityLookup([activeSubscriber('971502345678', 'etisalat')]),
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const visitors = await Promise.all(
      Array.from({ length: RACERS }, async (_, i) => {
        const device = `bench-device-${i}`;
        const res = await fetch(`${base}/api/securitymanagement/login_by_device_id`, { method: 'POST', headers: headersFor(device) });
        return headersFor(device, LoginByDeviceIdResponse.parse(await res.json()).session_id);
      }),
    );

    // --- search ---
    const searchOf = (c: Case): NumberSearch => {
      const perPage = c.perPage ?? 10;
      return { pattern: digitsOf(c.digits), match: c.match, vanityLevels: c.levels, limit: perPage + 1, offset: ((c.page ?? 1) - 1) * perPage };
    };
    // Warm-up, not measured: the first calls of each path compile code and fill caches.
    for (let i = 0; i < 100; i++) {
      const c = CASES[i % CASES.length]!;
      await repos.searchFreeNumbers(searchOf(c), Date.now());
      const body = new URLSearchParams({ pattern: digitsOf(c.digits), match: c.match, vanity_level_ids: c.levels.join(',') });
      await (await fetch(`${base}/api/numbers/search`, { method: 'POST', headers: formHeaders(visitors[i]!), body })).arrayBuffer();
    }
    console.log(`\nnumber search, ${POOL.toLocaleString('en')} numbers: ms per search (${STORE_SAMPLES} random patterns via the repositories, ${HTTP_SAMPLES} over HTTP)`);
    console.log(`${'case'.padEnd(34)} path   | repos p50     p95     max  rows | http p50     p95     max`);
    const misses: string[] = [];
    let request = 0;
    for (const c of CASES) {
      const storeTimes: number[] = [];
      let rows = 0;
      for (let i = 0; i < STORE_SAMPLES; i++) {
        const search = searchOf(c);
        const started = performance.now();
        rows += (await repos.searchFreeNumbers(search, Date.now())).length;
        storeTimes.push(performance.now() - started);
      }
      const httpTimes: number[] = [];
      for (let i = 0; i < HTTP_SAMPLES; i++) {
        const body = new URLSearchParams({
          pattern: digitsOf(c.digits),
          match: c.match,
          vanity_level_ids: c.levels.join(','),
          per_page: String(c.perPage ?? 10),
          page: String(c.page ?? 1),
        });
        const started = performance.now();
        const res = await fetch(`${base}/api/numbers/search`, { method: 'POST', headers: formHeaders(visitors[request++ % RACERS]!), body });
        NumberSearchResponse.parse(await res.json());
        httpTimes.push(performance.now() - started);
      }
      const s = stats(storeTimes);
      const h = stats(httpTimes);
      const path = searchIndexQuery({ pattern: '9'.repeat(c.digits), match: c.match, vanityLevels: c.levels }) === null ? 'scan ' : 'index';
      const flag = s.p95 > TARGET_P95_MS ? ' *' : '';
      if (flag) misses.push(c.label);
      console.log(
        `${c.label.padEnd(34)} ${path}  | ${ms(s.p50)} ${ms(s.p95)} ${ms(s.max)} ${(rows / STORE_SAMPLES).toFixed(1).padStart(5)} | ${ms(h.p50)} ${ms(h.p95)} ${ms(h.max)}${flag}`,
      );
    }
    console.log(misses.length === 0 ? `every case: repos p95 <= ${TARGET_P95_MS} ms` : `repos p95 above ${TARGET_P95_MS} ms (*): ${misses.join('; ')}`);

    // --- reservation throughput: each client reserves and cancels its own numbers ---
    const free = await repos.searchFreeNumbers(
      { pattern: '', match: 'contains', vanityLevels: [basic], limit: CLIENTS * 400, offset: 0 },
      Date.now(),
    );
    const job: ClientJob = {
      base,
      durationMs: THROUGHPUT_MS,
      clients: Array.from({ length: CLIENTS }, (_, client) => ({
        headers: formHeaders(visitors[client]!),
        numbers: free.filter((_n, i) => i % CLIENTS === client).map((n) => n.msisdn),
      })),
    };
    const { reserveTimes, cancelTimes, failures, seconds } = await inWorker<ClientResult>(job);
    const r = stats(reserveTimes);
    const c = stats(cancelTimes);
    console.log(
      `\nreservations: ${CLIENTS} concurrent clients for ${seconds.toFixed(1)} s, each reserving then cancelling its own numbers over HTTP:` +
        `\n  ${reserveTimes.length} reservations (${Math.round(reserveTimes.length / seconds)}/s, plus as many cancels), ${failures} refused;` +
        ` reserve p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms; cancel p95 ${c.p95.toFixed(2)} ms`,
    );

    // --- plan prices under load: every price is computed per request from the database ---
    const pricePaths = [
      '/products/available?category=tourist',
      '/products/available?category=Commitment',
      '/plans/quote.json?product_code=206&plan_ids=2061,2062,2063',
      '/plans/quote.json?product_code=207&plan_ids=2071,2072,2073&recharge_amount=25&promotion_keys=streaming_music_3m',
      '/plans/quote.json?product_code=300&plan_ids=30004,30007,30009',
      '/plans/quote.json?product_code=312&plan_ids=31203,31206',
      '/products/available_plans.json?product_codes=300,312',
    ];
    const prices = await inWorker<GetResult>({
      kind: 'get',
      base,
      durationMs: THROUGHPUT_MS,
      clients: Array.from({ length: CLIENTS }, (_, client) => ({
        headers: visitors[RACERS - 1 - client]!,
        paths: pricePaths.slice(client % pricePaths.length).concat(pricePaths.slice(0, client % pricePaths.length)),
      })),
    });
    const q = stats(prices.times);
    console.log(
      `\nplan prices: ${CLIENTS} concurrent clients for ${prices.seconds.toFixed(1)} s over product lists, quotes (fixed, top-up + streaming, custom, annual) and builder options:` +
        `\n  ${prices.times.length} requests (${Math.round(prices.times.length / prices.seconds)}/s), ${prices.failures} failed; p50 ${q.p50.toFixed(2)} ms, p95 ${q.p95.toFixed(2)} ms, max ${q.max.toFixed(2)} ms`,
    );

    // --- the one-winner races ---
    const offer = await fetch(`${base}/api/numbers/random`, { method: 'POST', headers: visitors[0]! });
    const contested = NumbersResponse.parse(await offer.json()).numbers[0]!.MSISDN;
    let started = performance.now();
    const statuses = await Promise.all(
      visitors.map(async (h) => {
        const res = await fetch(`${base}/api/numbers`, { method: 'POST', headers: formHeaders(h), body: new URLSearchParams({ number: contested }) });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const won = statuses.filter((s) => s === 200).length;
    console.log(
      `race of ${RACERS} for ${contested}: ${won} winner(s), ${statuses.filter((s) => s === 409).length} x 409 (-2015), ${(performance.now() - started).toFixed(0)} ms`,
    );

    started = performance.now();
    const transferStatuses = await Promise.all(
      visitors.slice(1, 51).map(async (h) => {
        const body = new URLSearchParams({ number: '971502345678', operator: 'etisalat' });
        const res = await fetch(`${base}/api/mobile_number_portability/reserve`, { method: 'POST', headers: formHeaders(h), body });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const transferWon = transferStatuses.filter((s) => s === 200).length;
    console.log(
      `transfer race of 50 for 971502345678: ${transferWon} winner(s), ${transferStatuses.filter((s) => s === 409).length} x 409 (-405), ${(performance.now() - started).toFixed(0)} ms`,
    );

    await app.close();
    await repos.close();
    if (won !== 1 || transferWon !== 1 || prices.failures > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMainThread) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  const job = workerData as ClientJob | GetJob;
  if (job.kind === 'get') void runGets(job).then((result) => parentPort?.postMessage(result));
  else void runClients(job).then((result) => parentPort?.postMessage(result));
}
