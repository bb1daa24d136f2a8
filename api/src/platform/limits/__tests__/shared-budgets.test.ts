import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CONSENT_CODE, LoginByDeviceIdResponse } from '@join/shared/contract';
import { buildApp, type AppOptions } from '../../../app';
import { openSqliteRepositories, type SqliteRepositories } from '../../../database';
import { CapturingMailer } from '../../../testing/capturing-mailer';
import { FakeCourierProvider } from '../../../testing/fake-courier';
import { FakeEsimProvider } from '../../../testing/fake-esim';
import { FakePortabilityLookup } from '../../../testing/fake-portability';
import { clientHeaders, form, newDeviceId, TEST_POOL_SIZE, tempDir, testClock } from '../../../testing/harness';
import { freshDatabase } from '../../../testing/postgres-test-cluster';
import { PgDatabase } from '../../db/postgres/pg-database';
import type { RateLimitOptions } from '../../http/rate-limits';
import type { LimitStore } from '../limit-store';
import { MemoryLimitStore } from '../memory-limit-store';
import { PgLimitStore } from '../postgres/pg-limit-store';

/**
 * Two API instances behind one balancer (issue 29): a visitor's calls land on either. Both apps
 * share one database of repositories (the same SQLite repositories object: what matters here is
 * where the limits count); each has a LimitStore of its own, as each process would. On PostgreSQL
 * (two pools on one database) a budget spent on A is spent on B, with A's window's Retry-After;
 * with a memory store each, B would let the call through: why the shared store is needed.
 */
const clock = testClock();
const dir = tempDir();
let repos: SqliteRepositories;
let database: Awaited<ReturnType<typeof freshDatabase>>;
const pools: PgDatabase[] = [];
let apps: FastifyInstance[] = [];

beforeAll(async () => {
  repos = openSqliteRepositories(join(dir.path, 'join.sqlite'), { now: clock.now(), poolSize: TEST_POOL_SIZE }).repos;
  database = await freshDatabase();
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  await database.drop();
  await repos.close();
  dir.remove();
});
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function instances(stores: () => LimitStore, rateLimit: Partial<RateLimitOptions>, extra: Partial<AppOptions> = {}): Promise<[FastifyInstance, FastifyInstance]> {
  const one = async () => {
    const app = await buildApp({
      db: repos,
      now: clock.now,
      mailer: new CapturingMailer(),
      courier: new FakeCourierProvider(clock.now),
      esim: new FakeEsimProvider(clock.now),
      portability: new FakePortabilityLookup(),
      captchaKey: 'shared-captcha-key-of-the-test-instances',
      limits: stores(),
      rateLimit,
      ...extra,
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  return [await one(), await one()];
}

/** A new PostgreSQL store on a pool of its own (another process's), on the one database. */
const pgStore = (): LimitStore => {
  const db = PgDatabase.connect(database.url, { max: 2 });
  pools.push(db);
  return new PgLimitStore(db);
};
const memoryStore = (): LimitStore => new MemoryLimitStore();

let addresses = 0;
/** Each test's visitors come from an address of their own, so no budget carries over from another test. */
const newAddress = () => `198.51.100.${(addresses += 1)}`;

async function login(app: FastifyInstance, remoteAddress: string, deviceId = newDeviceId()) {
  const res = await app.inject({ method: 'POST', url: '/api/securitymanagement/login_by_device_id', headers: clientHeaders(deviceId), remoteAddress });
  return res.statusCode === 200 ? { status: 200, headers: clientHeaders(deviceId, LoginByDeviceIdResponse.parse(res.json()).session_id) } : { status: res.statusCode, headers: {} };
}
const consent = { code: CONSENT_CODE, version: 1, analytics: 'true', marketing: 'false' };
const choose = (app: FastifyInstance, headers: Record<string, string>, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/consent.json', ...form(headers, consent), remoteAddress });

describe.each([
  ['a PostgreSQL LimitStore each, on one database', pgStore, true],
  ['a memory LimitStore each (what one process alone counts)', memoryStore, false],
] as const)('two instances with %s', (_name, store, shared) => {
  it(`${shared ? 'holds' : 'would not hold'} the per-address consent budget (a shared app.rateLimit hook) across them`, async () => {
    const [a, b] = await instances(store, { consentMax: 2, consentPerDeviceMax: 100 });
    const address = newAddress();
    const visitors = [await login(a, address), await login(a, address), await login(b, address)];
    expect((await choose(a, visitors[0]!.headers, address)).statusCode).toBe(200);
    expect((await choose(a, visitors[1]!.headers, address)).statusCode).toBe(200);
    clock.advance(10_000);
    const onB = await choose(b, visitors[2]!.headers, address);
    if (shared) {
      expect(onB.statusCode).toBe(429);
      // A's window, begun 10 s before: 50 s left of 60, not a fresh window of B's own.
      expect(onB.headers['retry-after']).toBe('50');
    } else {
      expect(onB.statusCode).toBe(200);
    }
  });

  it(`${shared ? 'holds' : 'would not hold'} the per-device consent budget (a createRateLimit budget) across them`, async () => {
    const [a, b] = await instances(store, { consentMax: 100, consentPerDeviceMax: 2 });
    const address = newAddress();
    const visitor = await login(a, address);
    expect((await choose(a, visitor.headers, address)).statusCode).toBe(200);
    expect((await choose(b, visitor.headers, address)).statusCode).toBe(200);
    const third = await choose(a, visitor.headers, address);
    expect(third.statusCode).toBe(shared ? 429 : 200);
    if (shared) expect(third.headers['retry-after']).toBe('60');
  });

  it(`${shared ? 'holds' : 'would not hold'} a route's own budget (login_by_device_id's config.rateLimit) across them`, async () => {
    const [a, b] = await instances(store, { loginMax: 2 });
    const address = newAddress();
    expect((await login(a, address)).status).toBe(200);
    expect((await login(b, address)).status).toBe(200);
    expect((await login(a, address)).status).toBe(shared ? 429 : 200);
  });

  it(`${shared ? 'holds' : 'would not hold'} the operator credential's failures per address across them`, async () => {
    const token = 'an-operator-token-of-forty-characters-00';
    const [a, b] = await instances(store, {}, { opsToken: token, opsFailures: { max: 2, windowMs: 15 * 60_000 } });
    const address = newAddress();
    const summary = (app: FastifyInstance, bearer: string) =>
      app.inject({ method: 'GET', url: '/api/ops/summary.json?from=2026-01-01&to=2026-01-15', headers: { authorization: `Bearer ${bearer}` }, remoteAddress: address });
    expect((await summary(a, 'wrong-1')).statusCode).toBe(401);
    expect((await summary(b, 'wrong-2')).statusCode).toBe(401);
    // The right token too waits, from this address, once its failures are spent: on either instance.
    const right = await summary(a, token);
    expect(right.statusCode).toBe(shared ? 429 : 200);
  });
});

describe('a shared store without a shared challenge key', () => {
  it('refuses to start: a challenge signed by one instance would fail on the next', async () => {
    await expect(
      buildApp({
        db: repos,
        now: clock.now,
        courier: new FakeCourierProvider(clock.now),
        esim: new FakeEsimProvider(clock.now),
        portability: new FakePortabilityLookup(),
        limits: pgStore(),
      }),
    ).rejects.toThrow(/JOIN_CAPTCHA_KEY/);
  });
});
