import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_VERSION, CHANNEL, DEVICE_OS, LoginByDeviceIdResponse, LoginResponse, NumbersResponse } from '@join/shared/contract';
import { buildApp, type AppOptions } from '../app';
import { CapturingMailer } from './capturing-mailer';
import { FakeCourierProvider } from './fake-courier';
import { FakeEsimProvider } from './fake-esim';
import { FakePortabilityLookup } from './fake-portability';

/**
 * Test support: a fresh SQLite file in a temp folder per app, a clock the test moves, and
 * device-id logins. Not a test itself (no .test.ts), and never imported by the server.
 */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

export function testClock(start = Date.UTC(2026, 0, 15, 10, 0, 0)): TestClock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

export function tempDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'join-api-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export const newDeviceId = (): string => `dev-${randomUUID()}`;

export function clientHeaders(deviceId: string, sessionId?: string, language: 'en' | 'ar' = 'en'): Record<string, string> {
  return {
    'api-version': API_VERSION,
    language,
    channel: CHANNEL,
    'device-id': deviceId,
    'device-os': DEVICE_OS,
    ...(sessionId ? { 'session-id': sessionId } : {}),
  };
}

export interface Visitor {
  deviceId: string;
  uid: string;
  sessionId: string;
  headers: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  dbFile: string;
  login(deviceId?: string): Promise<Visitor>;
  /** Requests as a visitor: a GET, and a POST with a form body as the client sends it. */
  get(v: Visitor, url: string): Promise<LightMyRequestResponse>;
  post(v: Visitor, url: string, body: Record<string, string | number>): Promise<LightMyRequestResponse>;
  /** A random offer for the visitor (POST /numbers/random); throws unless it answers 200. */
  offer(v: Visitor, count?: number): Promise<string[]>;
  /** The courier, eSIM and portability fakes the app uses (unless a test passed its own provider). */
  courier: FakeCourierProvider;
  esim: FakeEsimProvider;
  portability: FakePortabilityLookup;
  /** The mails the server sent (the capturing mailer, unless a test passed its own). */
  mail: CapturingMailer;
  /**
   * Upgrades the visitor's session by a password login (throws unless 200): the returned
   * visitor carries the new session id, the old one is revoked.
   */
  loginWithPassword(v: Visitor, email: string, password: string): Promise<Visitor>;
  /** Upgrades the visitor's session by an e-mailed code (send, read the mail, validate). */
  loginWithCode(v: Visitor, email: string): Promise<Visitor>;
  close(): Promise<void>;
}

/** A small pool keeps each app's seed in the tens of milliseconds. */
export const TEST_POOL_SIZE = 2000;

/** The anti-hoarding limits out of the way, for tests about something else. */
export const LIFTED_HOLD_LIMITS = {
  coolOffMs: 0,
  maxHeldPerNumberMs: Number.MAX_SAFE_INTEGER,
  claimsPerWindow: { basic: 1e9, vip: 1e9 },
  liveHoldsPerAddress: { basic: 1e9, vip: 1e9 },
} as const;

export async function createTestApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const dir = tempDir();
  const clock = testClock();
  const dbFile = join(dir.path, 'join.sqlite');
  const mail = new CapturingMailer();
  const courier = new FakeCourierProvider(options.now ?? clock.now);
  const esim = new FakeEsimProvider(options.now ?? clock.now);
  const portability = new FakePortabilityLookup();
  const app = await buildApp({
    db: dbFile,
    poolSize: TEST_POOL_SIZE,
    now: clock.now,
    mailer: mail,
    courier,
    esim,
    portability,
    ...options,
    // Every test visitor comes from one address: the per-address and per-device budgets on
    // holds are lifted here unless a test asks for them (hold-limits.test.ts does).
    rateLimit: { reserveMax: 100_000, reserveDeviceMax: 100_000, ...options.rateLimit },
    holdLimits: { ...LIFTED_HOLD_LIMITS, ...options.holdLimits },
    transferCheckLimits: { numbersPerVisitor: 1e9, numbersPerAddress: 1e9, operatorsPerNumber: 1e9, ...options.transferCheckLimits },
  });
  await app.ready();

  async function login(deviceId = newDeviceId()): Promise<Visitor> {
    const res = await app.inject({ method: 'POST', url: '/api/securitymanagement/login_by_device_id', headers: clientHeaders(deviceId) });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    const session = LoginByDeviceIdResponse.parse(res.json());
    return { deviceId, uid: session.profile.uid, sessionId: session.session_id, headers: clientHeaders(deviceId, session.session_id) };
  }

  const get = (v: Visitor, url: string) => app.inject({ method: 'GET', url, headers: v.headers });
  const post = (v: Visitor, url: string, body: Record<string, string | number>) => app.inject({ method: 'POST', url, ...form(v.headers, body) });
  async function offer(v: Visitor, count = 1): Promise<string[]> {
    const res = await post(v, '/api/numbers/random', { count });
    if (res.statusCode !== 200) throw new Error(`offer failed: ${res.statusCode} ${res.body}`);
    return NumbersResponse.parse(res.json()).numbers.map((n) => n.MSISDN);
  }

  const upgraded = (v: Visitor, res: LightMyRequestResponse, how: string): Visitor => {
    if (res.statusCode !== 200) throw new Error(`${how} failed: ${res.statusCode} ${res.body}`);
    const session = LoginResponse.parse(res.json());
    return { ...v, sessionId: session.session_id, headers: clientHeaders(v.deviceId, session.session_id) };
  };
  const loginWithPassword = async (v: Visitor, email: string, password: string) =>
    upgraded(v, await post(v, '/api/securitymanagement/login', { email, password }), 'password login');
  async function loginWithCode(v: Visitor, email: string): Promise<Visitor> {
    const sent = await post(v, '/api/securitymanagement/send_verification_code', { email });
    if (sent.statusCode !== 200) throw new Error(`code not sent: ${sent.statusCode} ${sent.body}`);
    const code = mail.lastCode(email);
    return upgraded(v, await post(v, '/api/securitymanagement/validate_verification_code', { email, code }), 'code login');
  }

  return {
    app,
    clock,
    dbFile,
    login,
    get,
    post,
    offer,
    courier: options.courier instanceof FakeCourierProvider ? options.courier : courier,
    esim: options.esim instanceof FakeEsimProvider ? options.esim : esim,
    portability: options.portability instanceof FakePortabilityLookup ? options.portability : portability,
    mail: options.mailer instanceof CapturingMailer ? options.mailer : mail,
    loginWithPassword,
    loginWithCode,
    close: async () => {
      await app.close();
      dir.remove();
    },
  };
}

/** Form-encodes a body the way the client does (SPEC 7: bodies are form-encoded by default). */
export function form(
  headers: Record<string, string>,
  body: Record<string, string | number>,
): { payload: string; headers: Record<string, string> } {
  const payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
  return { payload, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } };
}

/** The answer's HTTP status and API error code, checked together (a failure shows both). */
export function expectApiError(res: LightMyRequestResponse, status: number, code: number | string): void {
  expect({ status: res.statusCode, code: (res.json() as { code?: unknown }).code }).toEqual({ status, code });
}

export function json(res: LightMyRequestResponse): unknown {
  return res.json() as unknown;
}

/**
 * The set-up most route tests share: a new app with `visitors` logged-in visitors before each
 * test (or once for the file: `per: 'file'`), closed after it. `onReady` hands them to the test
 * file's own variables.
 */
export function withTestApp(
  onReady: (t: TestApp, visitors: Visitor[]) => void,
  { visitors = 1, per = 'test', options = {} }: { visitors?: number; per?: 'test' | 'file'; options?: Partial<AppOptions> } = {},
): void {
  let current: TestApp | null = null;
  const before = per === 'test' ? beforeEach : beforeAll;
  const after = per === 'test' ? afterEach : afterAll;
  before(async () => {
    const t = await createTestApp(options);
    current = t;
    const logged: Visitor[] = [];
    for (let i = 0; i < visitors; i += 1) logged.push(await t.login());
    onReady(t, logged);
  });
  after(async () => {
    await current?.close();
    current = null;
  });
}

/**
 * For tests that each start their own app with options of their own: answers `start(options)`,
 * which opens one with a logged-in visitor (handed to `onReady`), closed after the test.
 */
export function startPerTest(onReady: (t: TestApp, visitor: Visitor) => void): (options?: Partial<AppOptions>) => Promise<void> {
  let current: TestApp | null = null;
  afterEach(async () => {
    await current?.close();
    current = null;
  });
  return async (options = {}) => {
    current = await createTestApp(options);
    onReady(current, await current.login());
  };
}
