import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { PgDatabase } from '../db/postgres/pg-database';
import { freshDatabase } from '../../testing/postgres-test-cluster';
import { rateLimitHook } from '../http/rate-limits';
import type { LimitStore } from './limit-store';
import { MemoryLimitStore } from './memory-limit-store';
import { PgLimitStore } from './postgres/pg-limit-store';
import { rateLimitStore } from './rate-limit-store';

/**
 * `npx tsx src/platform/limits/measure-limits.ts`: what a shared limit costs a request (the
 * figures in api/README.md "Shared limits"). A private PostgreSQL cluster (testing/
 * postgres-cluster.ts, started and stopped by this process), then: a LimitStore hit, one after
 * another, in memory and in PostgreSQL; and a limited route answered by Fastify (inject, no
 * socket) with each store, one request at a time and 50 at once. Prints figures, not pass/fail.
 */
const SAMPLES = Number(process.env.LIMITS_SAMPLES ?? 3000);
const CONCURRENT = 50;

const ms = (ns: bigint) => Number(ns) / 1e6;
function summary(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(3);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (${s.length} samples)`;
}

async function timeEach(n: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t = process.hrtime.bigint();
    await work(i);
    out.push(ms(process.hrtime.bigint() - t));
  }
  return out;
}

async function limitedApp(limits: LimitStore | null): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(rateLimit, { global: false, ...(limits ? { store: rateLimitStore(limits, Date.now) } : {}) });
  // A budget no request here spends: every request is counted and let through.
  const budget = rateLimitHook(app, 'measure', 1e9, 60_000);
  app.get('/limited', { onRequest: budget }, async () => ({ ok: true }));
  app.get('/open', async () => ({ ok: true }));
  await app.ready();
  return app;
}

async function main(): Promise<void> {
  const database = await freshDatabase();
  const db = PgDatabase.connect(database.url, { max: 10 });
  const stores: [string, LimitStore][] = [
    ['memory', new MemoryLimitStore()],
    ['PostgreSQL', new PgLimitStore(db)],
  ];
  try {
    for (const [name, store] of stores) {
      // Warm: the pool's connections, the statement's plan.
      await timeEach(200, (i) => store.hit(`warm:${i % 20}`, 60_000, Date.now()));
      const hits = await timeEach(SAMPLES, (i) => store.hit(`a:203.0.113.${i % 200}`, 60_000, Date.now()));
      console.log(`LimitStore.hit, ${name}: ${summary(hits)}`);
    }
    for (const [name, store] of [['no store (the plugin\'s own LRU)', null] as const, ...stores]) {
      const app = await limitedApp(store);
      await timeEach(200, () => app.inject('/limited'));
      const one = await timeEach(SAMPLES, (i) => app.inject({ url: '/limited', remoteAddress: `203.0.113.${i % 200}` }));
      const batches: number[] = [];
      const started = process.hrtime.bigint();
      for (let b = 0; b < SAMPLES / CONCURRENT; b += 1) {
        const t = process.hrtime.bigint();
        await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => app.inject({ url: '/limited', remoteAddress: `198.51.100.${i}` })));
        batches.push(ms(process.hrtime.bigint() - t));
      }
      const perSecond = Math.round(SAMPLES / (ms(process.hrtime.bigint() - started) / 1000));
      console.log(`limited GET, ${name}: one at a time ${summary(one)}; ${CONCURRENT} at once: ${perSecond} requests/s, a batch ${summary(batches)}`);
      await app.close();
    }
    const open = await limitedApp(null);
    await timeEach(200, () => open.inject('/open'));
    console.log(`unlimited GET (same app): one at a time ${summary(await timeEach(SAMPLES, () => open.inject('/open')))}`);
    await open.close();
  } finally {
    await db.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
