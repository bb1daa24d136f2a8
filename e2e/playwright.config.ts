import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

/**
 * The product is served exactly as `npm start` serves it (api/dist/main.js serving the
 * built host and remotes, beside the sandboxes program), each server on its own port with its
 * own fresh database file.
 * Extra servers show the maintenance screen, the fatal business-config failure, short holds,
 * promo codes and the number-confirmation experiment turned on, and a shared network past its
 * per-address threshold.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const main = path.join(here, '..', 'api', 'dist', 'main.js');
const scaledLauncher = path.join(here, '..', 'scripts', 'start-scaled.mjs');
const sandboxesMain = path.join(here, '..', 'sandboxes', 'dist', 'main.js');
const data = path.join(here, '.data');

// E2E_PORT_BASE moves every server, so two checkouts on one machine can run the suite at once.
const base = Number(process.env.E2E_PORT_BASE ?? 8181);
export const PORTS = { main: base, maintenance: base + 1, fatal: base + 2, clock: base + 3, promo: base + 4, shared: base + 5 } as const;
/**
 * The third parties' stand-ins are one program of their own (sandboxes/dist/main.js), started
 * first, on 127.0.0.1, and shared by every product server: each sandbox twenty to a hundred ports
 * above the base (clear of the perf scripts' base + 9 to base + 13, perf/product-server.mjs), so a test knows a provider's origin,
 * e.g. http://127.0.0.1:SANDBOX_PORTS.card. Every product server reaches them by these ports and
 * the suite's keys (not the published development ones), as it would a real provider. The courier's
 * own clock steps every COURIER_STEP_MS, an hour: no job moves by itself during the suite. A test
 * moves its own order with the sandbox's test hook (pages/delivery-step.ts courierStep), so what it
 * sees never depends on how fast the machine is. Tests read mail through each server's
 * /dev/outbox.json, which reads the mail sandbox's outbox.
 */
export const SANDBOX_PORTS = {
  signin: base + 20,
  authority: base + 30,
  card: base + 40,
  bnpl: base + 50,
  courier: base + 60,
  esim: base + 70,
  mail: base + 80,
  outbox: base + 81,
  portability: base + 90,
  terminal: base + 100,
} as const;
export const COURIER_STEP_MS = 3_600_000;

/** The product's origins: the pages the card fields may be framed by, and the sign-in sandbox's client origins. */
const PRODUCT_ORIGINS = Object.values(PORTS).flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

/** What both programs read: where each sandbox listens, and the keys the product sends it. */
const SANDBOXES_ENV = {
  JOIN_SIGNIN_PORT: String(SANDBOX_PORTS.signin),
  JOIN_AUTHORITY_PORT: String(SANDBOX_PORTS.authority),
  JOIN_CARD_PORT: String(SANDBOX_PORTS.card),
  JOIN_BNPL_PORT: String(SANDBOX_PORTS.bnpl),
  JOIN_COURIER_PORT: String(SANDBOX_PORTS.courier),
  JOIN_ESIM_PORT: String(SANDBOX_PORTS.esim),
  JOIN_PORTABILITY_PORT: String(SANDBOX_PORTS.portability),
  JOIN_TERMINAL_PORT: String(SANDBOX_PORTS.terminal),
  JOIN_MAIL_SINK_PORT: String(SANDBOX_PORTS.mail),
  JOIN_MAIL_OUTBOX_PORT: String(SANDBOX_PORTS.outbox),
  JOIN_AUTHORITY_KEY: 'e2e-suite-authority-key',
  JOIN_CARD_SECRET_KEY: 'sk_e2e_suite_card_key',
  JOIN_CARD_MERCHANT_ID: 'join-e2e',
  JOIN_BNPL_KEY: 'e2e-suite-bnpl-key-0001',
  JOIN_COURIER_KEY: 'e2e-suite-courier-key-01',
  JOIN_ESIM_KEY: 'e2e-suite-esim-key-00001',
  JOIN_PORTABILITY_KEY: 'e2e-suite-portability-key',
  JOIN_TERMINAL_KEY: 'e2e-suite-terminal-key-001',
} as const;

/**
 * The operator credential of every product server of the suite (JOIN_OPS_TOKEN): the operations
 * summary (GET /api/ops/summary.json) and its page are reached with it, as an operator would.
 */
export const OPS_TOKEN = 'e2e-suite-operations-token-0123456789abcdef';

/**
 * Every browser of the suite comes from 127.0.0.1, so the per-address budgets on holds and
 * transfer checks would be one visitor's for the whole suite: they are raised here.
 * The API tests (api/src/modules/numbers/__tests__/hold-limits.test.ts, transfer-budget.test.ts) check them.
 */
export const SUITE_ENV = {
  // Every third party is a sandbox of the sandboxes program, on 127.0.0.1 (never without this
  // setting: api/README.md "Sandboxes only when asked").
  JOIN_SANDBOXES: '1',
  JOIN_HOLDS_PER_ADDRESS: '100000,100000',
  JOIN_TRANSFER_CHECKS_PER_ADDRESS: '100000',
  JOIN_RESERVE_RATE_LIMIT: '100000',
  // Every account test mails codes and logs in from 127.0.0.1.
  JOIN_ACCOUNT_RATE_LIMIT: '100000',
  JOIN_IDENTITY_RATE_LIMIT: '100000',
  JOIN_PAYMENT_RATE_LIMIT: '100000',
  // Every retail walk enrols its own shop device and signs its staff in from 127.0.0.1 (the
  // pairing-code budget is 10 a minute); the PIN locks are not budgets and stay.
  JOIN_RETAIL_RATE_LIMIT: '100000',
  // Every walk that pays uses one of a few fixture passports (e2e/fixtures/identity): far more
  // SIMs per document than an operator sells (5 by default; api/README "SIMs per document").
  JOIN_MAX_SIMS_PER_DOCUMENT: '100000',
  // The suite reads verification codes from the mail sandbox's outbox.
  JOIN_DEV_OUTBOX: '1',
  // The test hooks: the courier's per-job step (every server) and POST /dev/clock (moved only on
  // the clock project's server). Never in production (readEnv refuses them there).
  JOIN_TEST_HOOKS: '1',
  // The face challenge's prompt, fixed like a clock the test controls (the fake camera loops one
  // recorded movement; 'right' was refused -643 now and then on it). Every prompt's reading stays
  // covered by the API's tests against the real authority (identity-sandbox, face-attacks).
  JOIN_TEST_FACE_PROMPTS: 'farther',
  JOIN_OPS_TOKEN: OPS_TOKEN,
  ...SANDBOXES_ENV,
} as const;

/** The sandboxes program, before every product server (Playwright starts them in this order). */
function sandboxesServer() {
  return {
    command: `node ${sandboxesMain}`,
    // The outbox starts last: once it answers, every sandbox listens.
    url: `http://127.0.0.1:${SANDBOX_PORTS.outbox}/outbox.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      ...SANDBOXES_ENV,
      JOIN_SANDBOXES: '1',
      JOIN_TEST_HOOKS: '1',
      JOIN_COURIER_STEP_MS: String(COURIER_STEP_MS),
      JOIN_CARD_ORIGINS: PRODUCT_ORIGINS.join(','),
      JOIN_SIGNIN_CLIENTS: `join-web=${PRODUCT_ORIGINS.join(',')}`,
      // One mail sink for every server of the suite: room for all their messages (200 each before).
      JOIN_MAIL_SINK_CAPACITY: '5000',
    },
  };
}

/**
 * E2E_SCALED=1: the `main` server (and the `shared` one) is the product scaled out (issue 29), as
 * `npm run start:scaled` serves it: SCALED_INSTANCES API instances on PostgreSQL behind HAProxy on
 * the server's port (scripts/start-scaled.mjs). Each one's PostgreSQL is a new cluster in a
 * temporary folder, removed when its launcher stops (--temporary-postgres: a fresh database each
 * run, never .data/postgres); the instances use the suite's sandboxes program with the suite's
 * keys (--external-sandboxes: the launcher starts none). Only the `main` project runs so
 * (e2e/README.md "The scaled run").
 */
export const SCALED = ['1', 'true', 'on'].includes((process.env.E2E_SCALED ?? '').trim().toLowerCase());
export const SCALED_INSTANCES = 3;

function scaledServer(name: 'main' | 'shared', env: Record<string, string> = {}) {
  return {
    command: `node ${scaledLauncher} --temporary-postgres --external-sandboxes`,
    url: `http://127.0.0.1:${PORTS[name]}/api/biz_config/app`,
    reuseExistingServer: false,
    // initdb, then three instances migrating and seeding one database at once, on 2 shared cores.
    timeout: 240_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // SIGTERM, not Playwright's default SIGKILL: the launcher drains the instances, stops
    // PostgreSQL and removes its temporary cluster.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 60_000 },
    env: {
      PORT: String(PORTS[name]),
      HOST: '127.0.0.1',
      JOIN_INSTANCES: String(SCALED_INSTANCES),
      // Neither the caller's database nor a SQLite file: the launcher's temporary cluster.
      JOIN_DATABASE_URL: '',
      JOIN_DB: '',
      ...SUITE_ENV,
      ...env,
    },
  };
}

function server(name: keyof typeof PORTS, env: Record<string, string> = {}) {
  const db = path.join(data, `${name}.sqlite`);
  return {
    command: `rm -f ${db} ${db}-wal ${db}-shm && node ${main}`,
    url: `http://127.0.0.1:${PORTS[name]}/api/biz_config/app`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { PORT: String(PORTS[name]), HOST: '127.0.0.1', JOIN_DB: db, ...SUITE_ENV, ...env },
    // The fatal server answers 503 on purpose: wait for the page instead.
    ...(name === 'fatal' ? { url: `http://127.0.0.1:${PORTS[name]}/remotes.json` } : {}),
  };
}

/** The specs whose test moves a server's clock (pages/clock.ts): their own project, one at a time, on their own server. */
const CLOCK_SPECS = /\.clock\.spec\.ts$/;
/** The check that the scaled run is scaled (tests/scaled.spec.ts): part of that run only, so the ordinary run does not list it at all. */
const SCALED_SPECS = /scaled\.spec\.ts$/;

/*
 * Workers, timeouts and retries, from measurement (e2e/README.md "Timeouts and workers", where the
 * figures are; e2e/perf/e2e-timings.mjs prints them from the JSON reports):
 * - Two workers, each test free to go to either (fullyParallel): on this 2-core machine the whole
 *   suite took 371 s on one worker, 269 s on two (253 s fully parallel), 247 s on three (283 s
 *   fully parallel), and a test took 1.4 times as long as alone with two workers, 1.9 times with three.
 * - A test's timeout is at least six times its slowest run with the suite on an idle machine: on a
 *   quarter of this machine (one core, shared with a busy loop) every test passed, the slowest
 *   taking up to 4.6 times as long as with the suite on the idle machine; CI machines of this kind
 *   have run the suite 3.5 times slower than this one. 90 s covers every test up to 15 s; the two
 *   files with longer walks set their own (delivery-resident, payment-card, retail-customer, retail-enrol).
 * - An assertion waits up to 15 s by default: a step's answer (a page load with its remote, a
 *   server round trip) takes up to about 3 s with the suite; the known long waits (the face scan's
 *   detection and the authority's OCR, a provider's redirect) name their own.
 */
/**
 * Every walk starts as a visitor who has answered the consent panel ("Necessary only", issue 28),
 * so the panel, which overlays the bottom of the page once it is idle, covers nothing a walk
 * clicks. tests/consent.spec.ts walks the panel itself from a clean state.
 */
export const ANSWERED_CONSENT = { name: 'join.consent.v1', value: JSON.stringify({ version: 1, analytics: false, marketing: false, recordedAt: 0 }) };
const storageState = { cookies: [], origins: Object.values(PORTS).map((port) => ({ origin: `http://127.0.0.1:${port}`, localStorage: [ANSWERED_CONSENT] })) };

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  // No retries: a test that passes only on a second try is a failure to fix, not to hide. Should a
  // retry ever be set (locally, or on a test with a reason written beside it), CI still fails on a
  // flaky result.
  retries: 0,
  failOnFlakyTests: !!process.env.CI,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORTS.main}`,
    storageState,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
  projects: [
    { name: 'main', testIgnore: SCALED ? CLOCK_SPECS : [CLOCK_SPECS, SCALED_SPECS] },
    // Moving a server's clock moves it for every visitor on it: the clock specs share one server
    // that nothing else uses, and run one at a time (a project's own worker limit). Not in the
    // scaled run: a clock is one process's (POST /dev/clock), the specs stay on their one server.
    ...(SCALED ? [] : [{ name: 'clock', testMatch: CLOCK_SPECS, workers: 1, use: { baseURL: `http://127.0.0.1:${PORTS.clock}` } }]),
  ],
  webServer: [
    sandboxesServer(),
    SCALED ? scaledServer('main') : server('main'),
    server('maintenance', { JOIN_MAINTENANCE: 'maintenance_blocking' }),
    server('fatal', { JOIN_FAIL_BIZ_CONFIG: '1' }),
    // The product's own hold (15 minutes) and resend wait (30 s), on a clock the clock specs move.
    ...(SCALED ? [] : [server('clock')]),
    // Promo codes are off by configuration (SPEC 9); this server turns them on, and the
    // experiment of SPEC 4 that skips /number/confirmation for a non-VIP choice (number-experiment.spec.ts).
    server('promo', { JOIN_PROMO_CODES: 'on', JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION: 'on' }),
    // A shared network: no live hold from this address without the challenge, so every
    // hold on this server asks for it (shared-address.spec.ts). Its reserve budget stays raised.
    // Scaled too in the scaled run: the challenge one instance asks for is solved for another.
    (SCALED ? scaledServer : server)('shared', { JOIN_HOLDS_PER_ADDRESS: '0,0' }),
  ],
});
