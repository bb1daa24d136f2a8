import { connect, type Socket } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ApiErrorBody } from '@join/shared/contract';
import { clientHeaders, createTestApp, newDeviceId, tempDir, type TestApp } from '../../../testing/harness';
import { addressKey } from '../client-key';
import { isSourceMap } from '../../static/static-files';

/**
 * The findings of an outside probe, each as it reproduced them, against a real
 * listening server (raw sockets: slow bodies, resets and bad framing never reach inject()).
 */

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}

/** Everything the server writes until it closes the socket (or `ms` passes: then 'still open'). */
function readUntilClosed(s: Socket, ms: number): Promise<{ closed: boolean; text: string }> {
  return new Promise((resolve) => {
    let text = '';
    s.on('data', (d: Buffer) => (text += d.toString('utf8')));
    s.on('error', () => undefined);
    const timer = setTimeout(() => resolve({ closed: false, text }), ms);
    s.once('close', () => {
      clearTimeout(timer);
      resolve({ closed: true, text });
    });
  });
}

const bodyOf = (raw: string): unknown => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

describe('slow clients (point 2)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ serverLimits: { requestTimeoutMs: 600, headersTimeoutMs: 400, checkIntervalMs: 100, idleTimeoutMs: 1500, maxConnections: 5 } });
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('ends a request whose body trickles in, with a 408 in the API error shape', async () => {
    const s = await open(port);
    const headers = clientHeaders(newDeviceId());
    s.write(
      `POST /api/securitymanagement/login_by_device_id HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n` +
        Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('') +
        '\r\n{',
    );
    const drip = setInterval(() => s.writable && s.write(' '), 100);
    const result = await readUntilClosed(s, 5000);
    clearInterval(drip);
    expect(result.closed).toBe(true);
    expect(result.text).toMatch(/^HTTP\/1\.1 408/);
    expect(ApiErrorBody.parse(bodyOf(result.text)).code).toBe('bad_request');
  });

  it('ends a connection that sends its headers too slowly', async () => {
    const s = await open(port);
    s.write('GET /api/biz_config/app HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => s.writable && s.write('X-Slow: 1\r\n'), 100);
    const result = await readUntilClosed(s, 5000);
    clearInterval(drip);
    expect(result.closed).toBe(true);
  });

  it('closes a connection that sends nothing', async () => {
    const s = await open(port);
    const result = await readUntilClosed(s, 6000);
    expect(result.closed).toBe(true);
  });

  it('refuses connections beyond the cap, and serves again once they go', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => open(port)));
    const extra = await open(port);
    const refused = await readUntilClosed(extra, 3000);
    expect(refused.closed).toBe(true);
    expect(refused.text).toBe('');
    held.forEach((s) => s.destroy());
    await new Promise((r) => setTimeout(r, 100));
    const res = await fetch(`http://127.0.0.1:${port}/api/biz_config/app`);
    expect(res.status).toBe(200);
  });
});

describe('clients that hang up and bad framing (points 3 and 8)', () => {
  let t: TestApp;
  let port: number;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'info', stream: sink } });
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('counts a reset connection on a rate-limited route without an error or a stack in the log', async () => {
    // Behind the session check (an await), the socket of a client that reset at once has no
    // address any more: request.ip is undefined when the limiter runs, as the probe saw.
    const v = await t.login();
    const head = Object.entries({ ...v.headers, 'content-type': 'application/json', 'content-length': '2' })
      .map(([k, value]) => `${k}: ${value}\r\n`)
      .join('');
    for (const route of ['/api/numbers/search', '/api/numbers/random', '/api/mobile_number_portability/verify', '/api/securitymanagement/login_by_device_id']) {
      for (let i = 0; i < 10; i++) {
        const s = await open(port);
        s.write(`POST ${route} HTTP/1.1\r\nHost: x\r\n${head}\r\n{}`);
        s.resetAndDestroy();
      }
    }
    await new Promise((r) => setTimeout(r, 300));
    const logged = lines.join('');
    expect(logged).not.toMatch(/toLowerCase|normalizeIP|TypeError/);
    expect(lines.map((l) => JSON.parse(l) as { level: number }).filter((l) => l.level >= 50)).toEqual([]);
    const res = await fetch(`http://127.0.0.1:${port}/api/biz_config/app`);
    expect(res.status).toBe(200);
  });

  it.each([
    ['a NUL in a header', 'GET /api/biz_config/app HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n'],
    ['broken framing', 'GET /api/biz_config/app HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
    ['not HTTP at all', 'HELLO THERE\r\n\r\n'],
  ])('answers %s in the API error shape', async (_what, raw) => {
    const s = await open(port);
    s.write(raw);
    const result = await readUntilClosed(s, 3000);
    expect(result.text).toMatch(/^HTTP\/1\.1 400/);
    expect(result.text.toLowerCase()).toContain('content-security-policy:');
    const body = ApiErrorBody.parse(bodyOf(result.text));
    expect(body).toMatchObject({ code: 'bad_request', field: 'request' });
    expect(JSON.stringify(body)).not.toContain('Client Error');
  });
});

describe('rate limit keys (point 5)', () => {
  it('groups an IPv6 client by its /64 and copes with a missing address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey(undefined)).toBe('unknown');
  });

  const loginFrom = (t: TestApp, forwardedFor: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/securitymanagement/login_by_device_id',
      headers: { ...clientHeaders(newDeviceId()), 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });

  it('ignores X-Forwarded-For by default: a forged header does not buy a new budget', async () => {
    const t = await createTestApp({ rateLimit: { loginMax: 3 } });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await loginFrom(t, `203.0.113.${i}`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('behind a named proxy, counts each client by its forwarded address (IPv6 by /64)', async () => {
    const t = await createTestApp({ rateLimit: { loginMax: 2 }, trustProxy: ['127.0.0.1'] });
    try {
      expect((await loginFrom(t, '203.0.113.1')).statusCode).toBe(200);
      expect((await loginFrom(t, '203.0.113.1')).statusCode).toBe(200);
      expect((await loginFrom(t, '203.0.113.1')).statusCode).toBe(429);
      expect((await loginFrom(t, '203.0.113.2')).statusCode).toBe(200);
      expect((await loginFrom(t, '2001:db8:0:1::5')).statusCode).toBe(200);
      expect((await loginFrom(t, '2001:db8:0:1::6')).statusCode).toBe(200);
      expect((await loginFrom(t, '2001:db8:0:1:ffff::7')).statusCode).toBe(429);
      // A proxy that is not named is not believed.
      expect((await loginFrom(t, '198.51.100.9', '10.9.9.9')).statusCode).toBe(200);
      expect((await loginFrom(t, '198.51.100.10', '10.9.9.9')).statusCode).toBe(200);
      expect((await loginFrom(t, '198.51.100.11', '10.9.9.9')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('headers and source maps (point 7)', () => {
  const dist = tempDir();
  const hostDir = join(dist.path, 'host');
  const remoteDir = join(dist.path, 'plan');
  mkdirSync(hostDir, { recursive: true });
  mkdirSync(remoteDir, { recursive: true });
  writeFileSync(join(hostDir, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(hostDir, 'main.0123abcd.js'), 'console.log(1)');
  writeFileSync(join(hostDir, 'main.0123abcd.js.map'), '{"sources":["secret.ts"]}');
  writeFileSync(join(remoteDir, 'remoteEntry.js'), 'var x');
  writeFileSync(join(remoteDir, 'remoteEntry.js.map'), '{"sources":["secret.ts"]}');
  writeFileSync(join(remoteDir, 'mf-manifest.json'), '{}');
  afterAll(() => dist.remove());

  it('sends CORP everywhere (cross-origin only for remote assets), and no source map', async () => {
    const t = await createTestApp({ static: { hostDir, remoteDirs: { plan: remoteDir } } });
    try {
      const api = await t.app.inject({ method: 'GET', url: '/api/biz_config/app' });
      expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(api.headers['strict-transport-security']).toBeUndefined();
      const remote = await t.app.inject({ method: 'GET', url: '/mfe/plan/remoteEntry.js' });
      expect(remote.statusCode).toBe(200);
      expect(remote.headers['cross-origin-resource-policy']).toBe('cross-origin');
      for (const url of ['/mfe/plan/remoteEntry.js.map', '/main.0123abcd.js.map', '/main.0123abcd.js.map.gz']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect([url, res.statusCode]).toEqual([url, 404]);
        expect(res.body).not.toContain('secret.ts');
      }
      expect((await t.app.inject({ method: 'GET', url: '/main.0123abcd.js' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('sends HSTS when configured, or when the request came over HTTPS through a trusted proxy', async () => {
    const on = await createTestApp({ hsts: true });
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const a = await on.app.inject({ method: 'GET', url: '/api/biz_config/app' });
      expect(a.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const b = await proxied.app.inject({ method: 'GET', url: '/api/biz_config/app', headers: { 'x-forwarded-proto': 'https' } });
      expect(b.headers['strict-transport-security']).toMatch(/max-age=/);
      const c = await proxied.app.inject({ method: 'GET', url: '/api/biz_config/app' });
      expect(c.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await on.close();
      await proxied.close();
    }
  });

  it('knows a source map by its name', () => {
    expect(isSourceMap('/a/b.js.map')).toBe(true);
    expect(isSourceMap('/a/b.css.map.br')).toBe(true);
    expect(isSourceMap('/a/b.js')).toBe(false);
    expect(isSourceMap('/a/mapping.js')).toBe(false);
  });
});

/**
 * With JOIN_HSTS on, the answers written before routing (a request Node
 * refuses, a URL Fastify cannot decode) lacked Strict-Transport-Security: a browser first
 * meeting the site through one of them was never told to keep to HTTPS.
 */
describe('HSTS on every answer when configured', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // A 408 (a request too slow to arrive) takes the same path as bad framing (clientErrorHandler).
    t = await createTestApp({ hsts: true });
    port = await listen(t);
  });
  afterAll(() => t.close());

  const headersOf = (raw: string): string => raw.slice(0, raw.indexOf('\r\n\r\n')).toLowerCase();
  const HSTS_LINE = 'strict-transport-security: max-age=31536000; includesubdomains';

  it.each([
    ['a NUL in a header', 'GET /api/biz_config/app HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n', 400],
    ['broken framing', 'GET /api/biz_config/app HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400],
    ['not HTTP at all', 'HELLO THERE\r\n\r\n', 400],
    ['a URL that does not decode', 'GET /api/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
    ['an unknown path', 'GET /api/nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 404],
    ['a body that is not JSON', 'POST /api/securitymanagement/login_by_device_id HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1\r\nConnection: close\r\n\r\n{', 400],
  ])('sends it on %s', async (_what, raw, status) => {
    const s = await open(port);
    s.write(raw);
    const result = await readUntilClosed(s, 3000);
    expect(result.text).toMatch(new RegExp(`^HTTP/1\\.1 ${status}`));
    expect(headersOf(result.text)).toContain(HSTS_LINE);
  });

  it('keeps them off when not configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
      expect(res.statusCode).toBe(400);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBeDefined();
    } finally {
      await plain.close();
    }
  });

});
