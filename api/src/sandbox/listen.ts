import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The host part of a sandbox's URL: a wildcard listen address is reached on loopback. */
export function publicHost(listenHost: string): string {
  if (listenHost === '0.0.0.0' || listenHost === '::' || listenHost === '') return '127.0.0.1';
  return listenHost.includes(':') ? `[${listenHost}]` : listenHost;
}

export interface RunningSandbox {
  app: FastifyInstance;
  /** Its base URL, e.g. http://127.0.0.1:8092: its own origin. */
  url: string;
  close(): Promise<void>;
}

/**
 * Builds a sandbox that needs its own URL (an issuer, a page's links) before it is known, listens
 * on its port (0: any free one) and answers its URL. Shared by the sign-in, card and BNPL sandboxes.
 */
export async function startOnOwnOrigin(build: (url: () => string) => Promise<FastifyInstance>, port: number, host: string): Promise<RunningSandbox> {
  let url = '';
  const app = await build(() => url);
  await app.listen({ port, host });
  url = `http://${publicHost(host)}:${(app.server.address() as AddressInfo).port}`;
  return { app, url, close: () => app.close() };
}
