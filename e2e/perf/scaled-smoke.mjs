// The scaled-out launcher's smoke test (issue 29; after a build): `npm run start:scaled`'s last step
// (scripts/start-scaled.mjs) with 3 API instances behind HAProxy, then
//
//   1. 30 GETs of /health/ready through the balancer: every one 200, answered by all 3 instances
//      (their x-join-instance header);
//   2. a graceful stop of one instance (SIGTERM: it drains, then finishes its requests) under a
//      stream of GET /api/biz_config/app from 4 clients for 5 s: every answer 200;
//   3. `kill -9` of another, and at once 30 more GETs of /health/ready: every one must still be
//      200 (a connection the dead instance refuses is sent to another; its check marks it down);
//   4. SIGTERM to the launcher: the instances drain and everything stops, exit code 0.
//
// It prints its figures and exits 1 when a check fails. `--sqlite` runs the instances on one
// SQLite file (a temporary one) instead of a private PostgreSQL cluster (a fresh one in a
// temporary folder, JOIN_POSTGRES_DIR). scale-out.mjs makes the same checks on PostgreSQL under
// load (the perf phase runs it); this one stays the quick try of either database.
//
//   node e2e/perf/scaled-smoke.mjs [--sqlite]
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startScaled } from './scaled-launch.mjs';

const sqlite = process.argv.includes('--sqlite');
const INSTANCES = 3;
const REQUESTS = 30;

// A fresh database each run: a temporary SQLite file, or a private PostgreSQL cluster in a
// temporary folder (the postgres user must reach it through this one), removed afterwards.
const dir = mkdtempSync(path.join(tmpdir(), 'join-scaled-smoke-'));
chmodSync(dir, 0o755);
const startedAt = performance.now();
const launched = await startScaled({
  env: { JOIN_INSTANCES: String(INSTANCES), ...(sqlite ? { JOIN_DB: path.join(dir, 'scaled.sqlite') } : { JOIN_POSTGRES_DIR: path.join(dir, 'postgres') }) },
  args: sqlite ? ['--sqlite'] : [],
}).catch((err) => {
  console.error(`scaled smoke: ${err.message}`);
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
const { origin, output } = launched;
const pids = new Map([...launched.instances].map(([name, { pid }]) => [name, pid]));
const readyMs = performance.now() - startedAt;

/** `count` GETs of /health/ready one after another: status and instance of each, and their times. */
async function burst(count) {
  const answers = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${origin}/health/ready`);
      await res.arrayBuffer();
      answers.push({ status: res.status, instance: res.headers.get('x-join-instance'), ms: performance.now() - t0 });
    } catch (err) {
      answers.push({ status: 0, instance: null, ms: performance.now() - t0, error: err.cause?.code ?? err.message });
    }
  }
  return answers;
}

function summary(answers) {
  const byInstance = {};
  for (const a of answers) byInstance[a.instance ?? 'none'] = (byInstance[a.instance ?? 'none'] ?? 0) + 1;
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    ok: answers.filter((a) => a.status === 200).length,
    byInstance,
    medianMs: times[Math.floor(times.length / 2)],
    maxMs: times[times.length - 1],
    failures: answers.filter((a) => a.status !== 200).map((a) => a.error ?? a.status),
  };
}

const checks = [];
const check = (name, passed, detail) => checks.push({ name, passed, detail });
const fmt = (ms) => `${ms.toFixed(1)} ms`;

const before = summary(await burst(REQUESTS));
check(`${REQUESTS} GETs before: all 200`, before.ok === REQUESTS, `${before.ok} of ${REQUESTS}`);
check(`answered by all ${INSTANCES} instances`, Object.keys(before.byInstance).filter((n) => /^api-\d+$/.test(n)).length === INSTANCES, JSON.stringify(before.byInstance));

/** `clients` loops of GET /api/biz_config/app for `ms`; `during` runs once they have started. */
async function stream(clients, ms, during) {
  const statuses = {};
  const byInstance = {};
  const until = performance.now() + ms;
  const loop = async () => {
    while (performance.now() < until) {
      let key;
      try {
        const res = await fetch(`${origin}/api/biz_config/app`);
        await res.arrayBuffer();
        key = String(res.status);
        const instance = res.headers.get('x-join-instance') ?? 'none';
        byInstance[instance] = (byInstance[instance] ?? 0) + 1;
      } catch (err) {
        key = err.cause?.code ?? err.message;
      }
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  };
  const loops = Array.from({ length: clients }, loop);
  await new Promise((r) => setTimeout(r, 500));
  during();
  await Promise.all(loops);
  return { statuses, byInstance, total: Object.values(statuses).reduce((a, b) => a + b, 0) };
}

const drained = 'api-3';
const drainedPid = pids.get(drained);
const graceful = await stream(4, 5000, () => drainedPid && process.kill(drainedPid, 'SIGTERM'));
check(`SIGTERM of ${drained} under a stream of GETs: every answer 200`, graceful.total > 0 && graceful.statuses['200'] === graceful.total, JSON.stringify(graceful.statuses));
check(`${drained} stopped by itself (exit 0) after its drain`, output.some((line) => line.startsWith(`[scaled] ${drained} stopped (0)`)), `${drained} answered ${graceful.byInstance[drained] ?? 0} of them`);

const victim = 'api-2';
const victimPid = pids.get(victim);
check(`${victim}'s pid printed by the launcher`, Number.isInteger(victimPid), String(victimPid));
if (victimPid) process.kill(victimPid, 'SIGKILL');
const killedAt = performance.now();
const after = summary(await burst(REQUESTS));
const afterMs = performance.now() - killedAt;
check(`${REQUESTS} GETs right after kill -9 of ${victim}: all 200`, after.ok === REQUESTS, `${after.ok} of ${REQUESTS}${after.failures.length > 0 ? `, failures: ${after.failures.join(', ')}` : ''}`);
check(`none answered by ${victim}`, !(victim in after.byInstance), JSON.stringify(after.byInstance));

const stopAt = performance.now();
const stopped = await launched.stop(60_000);
const stopMs = performance.now() - stopAt;
check('SIGTERM stops everything, exit code 0', stopped !== null && stopped.code === 0, stopped ? String(stopped.signal ?? stopped.code) : 'still running after 60 s');
rmSync(dir, { recursive: true, force: true });

console.log(`Scaled-out smoke test: HAProxy round robin over ${INSTANCES} API instances on ${sqlite ? 'one SQLite file' : 'PostgreSQL'}`);
console.log(`  start to ready (sandboxes, ${INSTANCES} instances, database, HAProxy): ${(readyMs / 1000).toFixed(1)} s`);
console.log(`  before: ${before.ok}/${REQUESTS} answered 200, per instance ${JSON.stringify(before.byInstance)}, median ${fmt(before.medianMs)}, max ${fmt(before.maxMs)}`);
console.log(`  graceful stop of ${drained} under 4 clients for 5 s: ${graceful.total} GETs of /api/biz_config/app, ${JSON.stringify(graceful.statuses)}, per instance ${JSON.stringify(graceful.byInstance)}`);
console.log(`  after kill -9 of ${victim}: ${after.ok}/${REQUESTS} answered 200 in ${fmt(afterMs)}, per instance ${JSON.stringify(after.byInstance)}, median ${fmt(after.medianMs)}, max ${fmt(after.maxMs)}`);
console.log(`  stop (SIGTERM, drain, everything down): ${(stopMs / 1000).toFixed(1)} s`);
for (const c of checks) console.log(`  ${c.passed ? 'ok  ' : 'FAIL'} ${c.name} (${c.detail})`);
const failed = checks.filter((c) => !c.passed);
if (failed.length > 0) {
  console.error(output.slice(-40).join('\n'));
  console.error(`scaled smoke: ${failed.length} check(s) failed`);
  process.exit(1);
}
// Nothing of the run is left to wait for (fetch keeps its connections open a few seconds).
process.exit(0);
