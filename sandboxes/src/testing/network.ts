import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Test support: is a sandbox's port out of reach of the network? Connects to it through this
 * machine's first IPv4 address that is not loopback: 'connected' is what a neighbour on the network
 * would get, 'refused' a port bound to loopback; null: this machine has no other address to try
 * from (the bound address still tells).
 */
function otherInterfaceAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return null;
}

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
