import { join } from 'node:path';
import { openSqliteRepositories, type SqliteRepositories } from '../../../database';
import { createTestApp, newDeviceId, clientHeaders, tempDir, TEST_POOL_SIZE, type TestApp } from '../../../testing/harness';
import { healthState, type HealthState } from '../health';

/**
 * The balancer's checks (issue 29): liveness while the process runs, readiness while the
 * database answers and the instance is not shutting down.
 */
describe('health endpoints', () => {
  let dir: ReturnType<typeof tempDir>;
  let repos: SqliteRepositories;
  let state: HealthState;
  let t: TestApp;

  async function start(db: SqliteRepositories = repos, instanceName?: string): Promise<void> {
    t = await createTestApp({ db, health: state, ...(instanceName ? { instanceName } : {}) });
  }

  beforeEach(() => {
    dir = tempDir();
    repos = openSqliteRepositories(join(dir.path, 'health.sqlite'), { poolSize: TEST_POOL_SIZE }).repos;
    state = healthState();
  });
  afterEach(async () => {
    await t.close();
    await repos.close();
    dir.remove();
  });

  it('GET /health/live answers 200 live, with no session, never cached', async () => {
    await start();
    const res = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'live' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('GET /health/ready answers 200 ready while the database answers', async () => {
    await start();
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('readiness answers 503 database once the database is closed; liveness stays 200', async () => {
    await start();
    await repos.close();
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'database' });
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });

  it('readiness answers 503 database when the database fails, and when it does not answer in time', async () => {
    let ping: () => Promise<void> = () => Promise.reject(new Error('connection refused'));
    await start({ ...repos, ping: () => ping() });
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).json()).toEqual({ status: 'database' });
    ping = () => new Promise<void>(() => undefined);
    const started = Date.now();
    const slow = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect({ status: slow.statusCode, body: slow.json() as unknown }).toEqual({ status: 503, body: { status: 'database' } });
    expect(Date.now() - started).toBeLessThan(2000);
    ping = () => Promise.resolve();
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('readiness answers 503 draining once the shutdown began; liveness stays 200 and the API still answers', async () => {
    await start();
    state.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    // Requests the balancer still sends during the drain are served.
    const login = await t.app.inject({ method: 'POST', url: '/api/securitymanagement/login_by_device_id', headers: clientHeaders(newDeviceId()) });
    expect(login.statusCode).toBe(200);
  });

  it('is outside every rate limit: a balancer checking many times a second is never refused', async () => {
    await start();
    const answers = await Promise.all(Array.from({ length: 400 }, () => t.app.inject({ method: 'GET', url: '/health/ready' })));
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([200]));
  });

  it('names the instance that answered in x-join-instance when it has a name, on every answer', async () => {
    await start(repos, 'api-2');
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).headers['x-join-instance']).toBe('api-2');
    expect((await t.app.inject({ method: 'GET', url: '/api/biz_config/app', headers: clientHeaders(newDeviceId()) })).headers['x-join-instance']).toBe('api-2');
    expect((await t.app.inject({ method: 'GET', url: '/no/such/page' })).headers['x-join-instance']).toBe('api-2');
  });

  it('sends no x-join-instance without a name', async () => {
    await start();
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).headers['x-join-instance']).toBeUndefined();
  });
});
