import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_VERSION, CHANNEL, DEVICE_OS, LoginByDeviceIdResponse, NumbersResponse } from '@join/shared/contract';
import { buildApp } from './app';
import { openSqliteStore } from './data/sqlite/open-store';

/**
 * `npm run bench` (after build): seeds a full database in a temp folder, then measures the
 * calls that matter under load over real HTTP: random offers and a many-way number race.
 */
const SESSIONS = 200;
const OFFERS = 1000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'join-bench-'));
  try {
    const opened = openSqliteStore(join(dir, 'bench.sqlite'));
    console.log(`seed: ${opened.seed.numbersInserted} numbers in ${opened.seedMs} ms`);
    const app = await buildApp({ db: opened.store, rateLimit: { loginMax: 10_000, randomNumbersMax: 10_000 } });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = (device: string, session?: string): Record<string, string> => ({
      'api-version': API_VERSION,
      language: 'en',
      channel: CHANNEL,
      'device-id': device,
      'device-os': DEVICE_OS,
      ...(session ? { 'session-id': session } : {}),
    });

    const visitors = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, i) => {
        const device = `bench-device-${i}`;
        const res = await fetch(`${base}/api/securitymanagement/login_by_device_id`, { method: 'POST', headers: headers(device) });
        return headers(device, LoginByDeviceIdResponse.parse(await res.json()).session_id);
      }),
    );

    const times: number[] = [];
    let number = '';
    for (let i = 0; i < OFFERS; i++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/numbers/random`, { method: 'POST', headers: visitors[i % SESSIONS] });
      number = NumbersResponse.parse(await res.json()).numbers[0]?.MSISDN ?? number;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`numbers/random: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`);

    const started = performance.now();
    const statuses = await Promise.all(
      visitors.map(async (h) => {
        const res = await fetch(`${base}/api/numbers`, {
          method: 'POST',
          headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ number }),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const won = statuses.filter((s) => s === 200).length;
    console.log(`race of ${SESSIONS} for ${number}: ${won} winner(s), ${statuses.filter((s) => s === 409).length} x 409, ${(performance.now() - started).toFixed(0)} ms`);
    await app.close();
    await opened.store.close();
    if (won !== 1) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
