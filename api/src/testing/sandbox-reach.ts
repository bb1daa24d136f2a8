import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { readEnv, type Env } from '../platform/config/env';

/**
 * Test support for "a sandbox is reachable from this machine only" (issue 23): the address a
 * sandbox's server is bound to, and whether another machine could reach its port, tried through
 * this machine's own non-loopback address, and the two cases every sandbox passes. Not a test
 * itself, never imported by the server.
 */
export function boundAddress(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
  return address.address;
}

/** This machine's first IPv4 address that is not loopback, if it has one. */
export function otherInterfaceAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return null;
}

/**
 * Connects to the port through this machine's non-loopback address: 'connected' is what a
 * neighbour on the network would get, 'refused' is a port bound to loopback. null: this
 * machine has no other address to try from (the bound address still tells).
 */
export function reachFromOtherInterface(port: number): Promise<'connected' | 'refused' | null> {
  const host = otherInterfaceAddress();
  if (!host) return Promise.resolve(null);
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', () => resolve('refused'));
  });
}

/** A provider's setup as the tests drive it: what it started, if anything. */
type SandboxSetup = (env: Env) => Promise<{ sandbox: { url: string; app: FastifyInstance; close(): Promise<void> } | null }>;

/**
 * The two cases every provider's sandbox must pass (issue 23, "Sandboxes only when asked"): it
 * listens on 127.0.0.1 whatever HOST says, and without JOIN_SANDBOXES asking for it nothing is
 * started and the error names the provider's URL variable and JOIN_SANDBOXES.
 */
export function describeLoopbackSandbox(name: string, vars: { port: string; url: string }, setup: SandboxSetup): void {
  describe(`The ${name} sandbox: on this machine only, and only when asked (issue 23)`, () => {
    it('listens on 127.0.0.1 whatever HOST says, out of reach of the network', async () => {
      const { sandbox } = await setup(readEnv({ JOIN_SANDBOXES: '1', HOST: '0.0.0.0', [vars.port]: '0' }));
      try {
        if (!sandbox) throw new Error('no sandbox started');
        expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(boundAddress(sandbox.app)).toBe('127.0.0.1');
        expect(await reachFromOtherInterface(Number(new URL(sandbox.url).port))).not.toBe('connected');
      } finally {
        await sandbox?.close();
      }
    });

    it('starts no sandbox unless JOIN_SANDBOXES asks for it, and says what to set', async () => {
      const env = { ...readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', [vars.port]: '0' }), sandboxes: new Set<never>() };
      const started = await setup(env).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
      if (!(started instanceof Error)) await started.sandbox?.close();
      expect(started).toEqual(expect.objectContaining({ message: expect.stringMatching(new RegExp(`${vars.url}.*JOIN_SANDBOXES`)) }));
    });
  });
}
