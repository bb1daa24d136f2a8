import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';

/**
 * Test support for "a sandbox is reachable from this machine only" (issue 23): the address a
 * sandbox's server is bound to, and whether another machine could reach its port, tried through
 * this machine's own non-loopback address. Not a test itself, never imported by the server.
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
