import { BlockList, isIP } from 'node:net';

/** This machine: 127.0.0.0/8, ::1 (and IPv4-mapped 127.x), and the name localhost. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** A URL's hostname (IPv6 in brackets, as URL gives it) that names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  const family = isIP(host);
  if (family === 4) return LOOPBACK.check(host, 'ipv4');
  if (family === 6) return LOOPBACK.check(host, 'ipv6');
  return false;
}
