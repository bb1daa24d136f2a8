import type { FastifyInstance } from 'fastify';
import { rateLimitConfig } from './security';

/** A per-IP budget as a hook; one instance is one budget, however many routes share it. */
export type RateLimitHook = ReturnType<FastifyInstance['rateLimit']>;

export function rateLimitHook(app: FastifyInstance, max: number, windowMs: number): RateLimitHook {
  return app.rateLimit(rateLimitConfig(max, windowMs).rateLimit);
}
