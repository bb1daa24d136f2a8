import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rateLimited } from './http-error';
import { deviceKey, requestAddress } from './client-key';

/** A budget as a hook; one instance is one budget, however many routes share it. */
export type RateLimitHook = ReturnType<FastifyInstance['rateLimit']>;

/** What a budget counts by: the client's address (its /64 for IPv6), or its device id. */
export type RateLimitKey = 'address' | 'device';

const KEYS: Readonly<Record<RateLimitKey, (request: FastifyRequest) => string>> = {
  address: (request) => `a:${requestAddress(request)}`,
  device: (request) => `d:${deviceKey(request)}`,
};

export function rateLimitConfig(max: number, windowMs: number, key: RateLimitKey = 'address') {
  return {
    rateLimit: {
      max,
      timeWindow: windowMs,
      keyGenerator: KEYS[key],
      errorResponseBuilder: (_request: unknown, context: { after: string }) => rateLimited(context.after),
    },
  };
}

export function rateLimitHook(app: FastifyInstance, max: number, windowMs: number, key: RateLimitKey = 'address'): RateLimitHook {
  return app.rateLimit(rateLimitConfig(max, windowMs, key).rateLimit);
}

/**
 * A budget that adds to others on the same route. @fastify/rate-limit runs one limiter hook per
 * request (a second `app.rateLimit()` hook is skipped once the first has run), so a route that
 * counts by address and by device checks its budgets with `createRateLimit` instead: each
 * budget is counted, and the first one spent answers 429 with Retry-After.
 */
export function budgetHook(
  app: FastifyInstance,
  max: number,
  windowMs: number,
  key: RateLimitKey,
  /** Called once the budget is spent, before the 429: it may throw another answer, or return to let the call through (issue 24's challenge). */
  whenSpent?: (request: FastifyRequest) => void,
) {
  const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: KEYS[key] });
  return async function budget(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await check(request);
    if (result.isAllowed) return;
    if (!result.isExceeded) return;
    if (whenSpent) return whenSpent(request);
    reply.header('retry-after', String(result.ttlInSeconds));
    throw rateLimited(`${result.ttlInSeconds} seconds`);
  };
}
