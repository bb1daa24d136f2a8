import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { providerClient } from '../provider-client';

/** The provider client against a real server: what it sends, and how it reads what it gets. */
describe('providerClient', () => {
  let server: Server;
  let url: string;
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('{}');
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        handle(req, res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => (seen.length = 0));

  const client = (timeoutMs = 1000) => providerClient({ url, bearer: 'k-123', timeoutMs });

  it('sends JSON with the bearer key and the idempotency key under the base URL', async () => {
    handle = (_req, res) => res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"x"}');
    expect(await client().send({ method: 'POST', path: '/v1/jobs', body: { a: 1 }, idempotencyKey: 'idem-1' })).toEqual({ ok: true, status: 201, text: '{"id":"x"}' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/base/v1/jobs', body: '{"a":1}' });
    expect(seen[0]?.headers).toMatchObject({ authorization: 'Bearer k-123', 'content-type': 'application/json', 'idempotency-key': 'idem-1', accept: 'application/json' });
  });

  it('answers every status as it came, once: no retry of a 5xx GET, no redirect followed', async () => {
    handle = (_req, res) => res.writeHead(503).end('down');
    expect(await client().send({ method: 'GET', path: '/v1/jobs/1' })).toEqual({ ok: true, status: 503, text: 'down' });
    handle = (_req, res) => res.writeHead(302, { location: '/elsewhere' }).end();
    expect(await client().send({ method: 'GET', path: '/v1/jobs/2' })).toMatchObject({ ok: true, status: 302 });
    expect(seen.map((s) => s.url)).toEqual(['/base/v1/jobs/1', '/base/v1/jobs/2']);
    expect(seen[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('times out a provider that stalls in the middle of its answer', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    };
    const started = Date.now();
    expect(await client(300).send({ method: 'GET', path: '/v1/slow' })).toEqual({ ok: false, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(seen).toHaveLength(1);
  });

  it('tells a network failure, without retrying', async () => {
    const closed = providerClient({ url: 'http://127.0.0.1:1', bearer: 'k', timeoutMs: 1000 });
    expect(await closed.send({ method: 'GET', path: '/v1/x' })).toEqual({ ok: false, failure: 'network' });
  });
});
