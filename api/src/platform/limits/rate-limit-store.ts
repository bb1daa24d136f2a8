import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { LimitStore } from './limit-store';

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin hands `child`: the budget's merged options, with our name, and the route when it is a route's. */
interface ChildOptions {
  budget?: unknown;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store (its `store` option) over a LimitStore, so every request budget
 * counts where the LimitStore counts: in PostgreSQL, across the instances behind the balancer.
 * The plugin makes one child per budget: a route's `config.rateLimit` (named by its method and
 * URL), or an `app.rateLimit()` / `app.createRateLimit()` hook shared by several routes, which
 * has no route and so must carry its own name (`budget`, platform/http/rate-limits.ts). The name
 * is the counters' namespace: it must be the same on every instance and different for every
 * budget (two budgets both counting "a:<address>" must not add up), so an unnamed or repeated one
 * fails at start-up. Windows are fixed, as the plugin's own store counts them; its
 * continueExceeding and exponentialBackoff options are not supported (none of ours uses them).
 */
export function rateLimitStore(limits: LimitStore, now: () => number): FastifyRateLimitStoreCtor {
  const names = new Set<string>();

  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly name: string | null = null,
    ) {}

    incr(key: string, done: Done, timeWindow: number): void {
      const t = now();
      this.counter(key)
        .then((counter) => limits.hit(counter, timeWindow, t))
        .then(
          (w) => done(null, { current: w.count, ttl: Math.max(0, w.resetAt - t) }),
          (e: unknown) => done(e instanceof Error ? e : new Error(String(e))),
        );
    }

    /** The plugin's `{ increment: false }` read: the live window, counting nothing. */
    read(key: string, done: Done): void {
      const t = now();
      this.counter(key)
        .then((counter) => limits.peek(counter, t))
        .then(
          (w) => done(null, w ? { current: w.count, ttl: Math.max(0, w.resetAt - t) } : { current: 0, ttl: 0 }),
          (e: unknown) => done(e instanceof Error ? e : new Error(String(e))),
        );
    }

    // The plugin's types say a route's options; what it passes is the budget's merged options (ChildOptions).
    child(routeOptions: object): FastifyRateLimitStore {
      const options = routeOptions as ChildOptions;
      if (options.continueExceeding || options.exponentialBackoff) throw new Error('rate limits: continueExceeding and exponentialBackoff are not supported by the shared store');
      const name = budgetName(options);
      if (names.has(name)) throw new Error(`rate limits: two budgets named ${name}: each budget needs a name of its own (its counters would add up)`);
      names.add(name);
      return new SharedRateLimitStore(options, name);
    }

    private async counter(key: string): Promise<string> {
      if (this.name === null) throw new Error('rate limits: the plugin counted without a budget (register it with global: false)');
      return `rl:${this.name}:${key}`;
    }
  }
  return SharedRateLimitStore;
}

function budgetName(options: ChildOptions): string {
  if (typeof options.budget === 'string' && options.budget !== '') return options.budget;
  const { method, url } = options.routeInfo ?? {};
  if (method && url) return `${Array.isArray(method) ? method.join(',') : method} ${url}`;
  throw new Error('rate limits: a budget without a name (app.rateLimit and app.createRateLimit hooks take one: platform/http/rate-limits.ts)');
}
