import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { MemoryLimitStore } from '../memory-limit-store';
import { rateLimitStore } from '../rate-limit-store';
import { budgetHook, rateLimitHook } from '../../http/rate-limits';

/** The plugin's store over a LimitStore: every budget a namespace of its own, named the same on every instance. */
describe('the rate-limit store over a LimitStore', () => {
  const app = async (limits = new MemoryLimitStore(), now = () => 1_000_000) => {
    const a = Fastify();
    await a.register(rateLimit, { global: false, store: rateLimitStore(limits, now) });
    return a;
  };

  it('counts two budgets on the same key apart, and answers the window left as the plugin expects', async () => {
    let t = 1_000_000;
    const limits = new MemoryLimitStore();
    const a = await app(limits, () => t);
    const byAddress = rateLimitHook(a, 'first', 2, 60_000);
    const another = budgetHook(a, 'second', 1, 60_000, 'address');
    a.get('/one', { onRequest: byAddress }, async () => 'one');
    a.get('/two', { onRequest: another }, async () => 'two');
    expect((await a.inject('/one')).statusCode).toBe(200);
    expect((await a.inject('/two')).statusCode).toBe(200);
    t += 15_000;
    expect((await a.inject('/one')).statusCode).toBe(200);
    const over = await a.inject('/one');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('45');
    expect((await limits.peek('rl:first:a:127.0.0.1', t))?.count).toBe(3);
    expect((await limits.peek('rl:second:a:127.0.0.1', t))?.count).toBe(1);
    await a.close();
  });

  it('names a route’s own budget by its method and URL', async () => {
    const limits = new MemoryLimitStore();
    const a = await app(limits);
    a.post('/login', { config: { rateLimit: { max: 5, timeWindow: 60_000 } } }, async () => 'in');
    await a.inject({ method: 'POST', url: '/login' });
    expect(await limits.peek('rl:POST /login:127.0.0.1', 1_000_000)).toEqual({ count: 1, resetAt: 1_060_000 });
    await a.close();
  });

  it('refuses, at start-up, a hook without a name and two budgets with the same one', async () => {
    const a = await app();
    expect(() => a.rateLimit({ max: 1, timeWindow: 1000 })).toThrow(/without a name/);
    rateLimitHook(a, 'taken', 1, 1000);
    expect(() => budgetHook(a, 'taken', 1, 1000, 'device')).toThrow(/two budgets named taken/);
    await a.close();
  });
});
