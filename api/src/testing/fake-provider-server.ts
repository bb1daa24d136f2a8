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
