import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Who a rate limit counts: keys that still work when the socket is already gone (a client that
 * resets its connection at once leaves `request.ip` undefined), that group an IPv6 client's
 * whole /64 (one subscriber gets a /64 and can rotate through it freely), and that can add the
 * device or session where a route has one. `request.ip` honours `trustProxy` (JOIN_TRUST_PROXY):
 * off by default, so a forged X-Forwarded-For counts for nothing unless the proxy is named.
 */
export const IPV6_PREFIX_GROUPS = 4; // 4 × 16 bits = /64

/** The address part of a key: IPv4 as is, IPv6 cut to its /64, `unknown` without one. */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, IPV6_PREFIX_GROUPS)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function requestAddress(request: FastifyRequest): string {
  let ip: string | undefined;
  try {
    ip = request.ip;
  } catch {
    ip = undefined; // proxy-addr throws on a socket that has no address any more
  }
  return addressKey(ip);
}

/** The device id the client sent (SPEC 7 header), if any: a second identity to count by. */
export function deviceKey(request: FastifyRequest): string {
  const device = request.headers['device-id'];
  return typeof device === 'string' && device.length > 0 && device.length <= 128 ? device : 'no-device';
}
