import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_HOST } from './defaults';

export interface RunningSandbox {
  app: FastifyInstance;
  /** Its base URL, e.g. http://127.0.0.1:8092: its own origin. */
  url: string;
  close(): Promise<void>;
}

/**
 * Builds a sandbox that needs its own URL (an issuer, a page's links) before it is known, listens
 * on its port (0: any free one) and answers its URL. Shared by the sign-in, card, BNPL, courier
 * and eSIM sandboxes (the authority's worker and the mail sink listen on SANDBOX_HOST too).
 *
 * Always on 127.0.0.1, whatever HOST the product listens on: a sandbox signs a token
 * for any e-mail, verifies its registry, approves any checkout. It is for a browser on this
 * machine and for the tests, never for the network.
 */
export async function startOnOwnOrigin(build: (url: () => string) => Promise<FastifyInstance>, port: number): Promise<RunningSandbox> {
  let url = '';
  const app = await build(() => url);
  await app.listen({ port, host: SANDBOX_HOST });
  url = `http://${SANDBOX_HOST}:${(app.server.address() as AddressInfo).port}`;
  return { app, url, close: () => app.close() };
}
