import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake server received, its body read whole. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type FakeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A provider that misbehaves on demand, for the provider clients' tests: a real HTTP server on
 * 127.0.0.1 that records each request and answers with whatever `handler` the test sets. It is
 * started before the describe block's tests and closed after them; `seen` is emptied before each.
 */
export function fakeProviderServer(): { readonly url: string; readonly seen: SeenRequest[]; handler: FakeHandler } {
  let server: Server;
  let url = '';
  const seen: SeenRequest[] = [];
  const fake = {
    get url() {
      return url;
    },
    seen,
    handler: ((_req, res) => res.end()) as FakeHandler,
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '' };
      seen.push(entry);
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        entry.body += chunk;
      });
      req.on('end', () => fake.handler(req, res));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  beforeEach(() => {
    seen.length = 0;
  });
  return fake;
}

/** A handler answering `status` with `value` as JSON. */
export const jsonAnswer =
  (status: number, value: unknown): FakeHandler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };

/** A provider that never answers. */
export const neverAnswers: FakeHandler = () => undefined;

/** A provider that starts a JSON answer and stalls in the middle of its body. */
export const stallsMidAnswer: FakeHandler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"id":');
};

/**
 * Answers that are no JSON provider's contract, whoever the provider: the BNPL, courier and eSIM
 * clients (one reading of answers, platform/http-client/json-provider.ts) each read them as
 * 'unavailable' with this detail. Each client's tests add the bad answers of its own contract.
 */
export type BrokenAnswer = readonly [what: string, answer: FakeHandler, detail: string];
export const BROKEN_ANSWERS: readonly BrokenAnswer[] = [
  ['a 500', jsonAnswer(500, { error: 'internal_error' }), 'status 500'],
  ['a 503 in HTML', (_req, res) => res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>down</h1>'), 'status 503'],
  ['a 201 that is not JSON', (_req, res) => res.writeHead(201).end('<html>'), 'status 201: not JSON'],
  ['a 422 that is not a rejection', jsonAnswer(422, { error: 'idempotency_key_reused' }), 'status 422: idempotency_key_reused'],
  ['a 400', jsonAnswer(400, { error: 'invalid_request', message: 'dropoff.phone: must be 8 to 15 digits' }), 'status 400: invalid_request'],
  ['a redirect', (_req, res) => res.writeHead(302, { location: 'http://elsewhere.example/' }).end('{}'), 'status 302'],
];

/** A port of 127.0.0.1 where nothing listens (free a moment ago). */
export async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

/**
 * A client's misbehaving-provider cases: each of BROKEN_ANSWERS and of the client's own contract's
 * bad answers (`own`) makes `ask` answer 'unavailable' with its detail, after one request (never a retry).
 */
export function itIsUnavailableOn(fake: { handler: FakeHandler; readonly seen: SeenRequest[] }, own: readonly BrokenAnswer[], ask: () => Promise<unknown>): void {
  it.each<BrokenAnswer>([...BROKEN_ANSWERS, ...own])("is 'unavailable' on %s", async (_what, answer, detail) => {
    fake.handler = answer;
    expect(await ask()).toEqual({ ok: false, reason: 'unavailable', detail });
    expect(fake.seen).toHaveLength(1);
  });
}
