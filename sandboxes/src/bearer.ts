import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Compares two keys in constant time (hashed first, so their lengths tell nothing either). */
export function sameKey(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * A sandbox's server-to-server API, as a real provider's: every request under `prefix` carries
 * `Authorization: Bearer <apiKey>`, or gets 401 (`body`, with WWW-Authenticate: Bearer).
 */
export function requireBearer(app: FastifyInstance, prefix: string, apiKey: string, body: Record<string, string> = { error: 'unauthorized' }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(prefix)) return;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!token || !sameKey(token, apiKey)) await reply.code(401).header('www-authenticate', 'Bearer').send(body);
  });
}
