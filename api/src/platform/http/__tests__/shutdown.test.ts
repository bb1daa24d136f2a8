import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { openSqliteRepositories, type SqliteRepositories } from '../../../database';
import { clientHeaders, createTestApp, newDeviceId, tempDir, TEST_POOL_SIZE, type TestApp } from '../../../testing/harness';
import { healthState, type HealthState } from '../health';
import { gracefulShutdown } from '../shutdown';

/** One request on a connection of its own (no agent: nothing kept alive between the steps). */
function call(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function deferred<T = void>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * New connections while the server closes, until one is refused: app.close() stops listening a
 * moment after it is called (its preClose step first), and a connection accepted in that moment
 * is answered 503 or reset, never served. `served` counts the ones that were.
 */
async function untilRefused(port: number): Promise<{ refused: boolean; served: number }> {
  let served = 0;
  for (let i = 0; i < 50; i += 1) {
    try {
      if ((await call(port, 'GET', '/health/live')).status === 200) served += 1;
    } catch (err) {
      if ((err as { code?: string }).code === 'ECONNREFUSED') return { refused: true, served };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { refused: false, served };
}

const quietLog = { info: () => undefined, error: () => undefined };

describe('graceful shutdown of a listening server', () => {
  let dir: ReturnType<typeof tempDir>;
  let repos: SqliteRepositories;
  let state: HealthState;
  let t: TestApp;
  let port: number;
  /** The device-id login waits here once `held` is on: a slow request in flight. */
  let held = false;
  let entered = deferred();
  let release = deferred();

  beforeEach(async () => {
    dir = tempDir();
    repos = openSqliteRepositories(join(dir.path, 'shutdown.sqlite'), { poolSize: TEST_POOL_SIZE }).repos;
    state = healthState();
    held = false;
    entered = deferred();
    release = deferred();
    const slowRepos: SqliteRepositories = {
      ...repos,
      findOrCreateUser: async (...args) => {
        if (held) {
          entered.resolve();
          await release.promise;
        }
        return repos.findOrCreateUser(...args);
      },
    };
    t = await createTestApp({ db: slowRepos, health: state });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterEach(async () => {
    release.resolve();
    await t.close();
    await repos.close();
    dir.remove();
  });

  it('says draining at once, still serves during the drain, refuses new connections once closing, and finishes the request in flight', async () => {
    const order: string[] = [];
    const closing = deferred();
    const shutdown = gracefulShutdown({
      health: state,
      drainMs: 400,
      closeServer: () => {
        order.push('close server');
        closing.resolve();
        return t.app.close().then(() => void order.push('server closed'));
      },
      closeResources: async () => {
        order.push('close resources');
        await repos.close();
      },
      log: quietLog,
    });
    expect((await call(port, 'GET', '/health/ready')).status).toBe(200);

    // A slow request in flight when the signal comes.
    held = true;
    const slow = call(port, 'POST', '/api/securitymanagement/login_by_device_id', clientHeaders(newDeviceId()));
    await entered.promise;
    const exit = shutdown('SIGTERM');

    // During the drain: readiness 503 draining, liveness 200, other requests still served.
    const ready = await call(port, 'GET', '/health/ready');
    expect({ status: ready.status, body: JSON.parse(ready.body) as unknown }).toEqual({ status: 503, body: { status: 'draining' } });
    expect((await call(port, 'GET', '/health/live')).status).toBe(200);
    held = false;
    expect((await call(port, 'POST', '/api/securitymanagement/login_by_device_id', clientHeaders(newDeviceId()))).status).toBe(200);
    expect(order).toEqual([]);

    // Once the drain is over the server closes: a new connection is refused while the slow one still waits.
    await closing.promise;
    expect(await untilRefused(port)).toEqual({ refused: true, served: 0 });
    expect(order).toEqual(['close server']);

    // The server stays open until the slow request is let go and answered.
    await new Promise((r) => setTimeout(r, 200));
    expect(order).toEqual(['close server']);
    order.push('slow request let go');
    release.resolve();
    const answered = await slow;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toHaveProperty('session_id');
    expect(await exit).toBe(0);
    expect(order).toEqual(['close server', 'slow request let go', 'server closed', 'close resources']);
  });

  it('runs once however many signals come', async () => {
    const closeResources = jest.fn(() => Promise.resolve());
    const shutdown = gracefulShutdown({ health: state, drainMs: 0, closeServer: () => t.app.close(), closeResources, log: quietLog });
    const first = shutdown('SIGTERM');
    expect(shutdown('SIGINT')).toBe(first);
    expect(await first).toBe(0);
    expect(closeResources).toHaveBeenCalledTimes(1);
  });

  it('closes the resources anyway and exits 1 when a request outlives the close timeout', async () => {
    held = true;
    const slow = call(port, 'POST', '/api/securitymanagement/login_by_device_id', clientHeaders(newDeviceId()));
    await entered.promise;
    const errors: string[] = [];
    const closeResources = jest.fn(() => Promise.resolve());
    const shutdown = gracefulShutdown({
      health: state,
      drainMs: 0,
      closeTimeoutMs: 200,
      closeServer: () => t.app.close(),
      closeResources,
      log: { info: () => undefined, error: (_details, message) => void errors.push(message) },
    });
    expect(await shutdown('SIGTERM')).toBe(1);
    expect(closeResources).toHaveBeenCalledTimes(1);
    expect(errors).toEqual(['SIGTERM: the server did not close cleanly']);
    release.resolve();
    await slow;
  });

  it('exits 1 when closing the database fails', async () => {
    const shutdown = gracefulShutdown({
      health: state,
      drainMs: 0,
      closeServer: () => t.app.close(),
      closeResources: () => Promise.reject(new Error('disk gone')),
      log: quietLog,
    });
    expect(await shutdown('SIGINT')).toBe(1);
  });
});
