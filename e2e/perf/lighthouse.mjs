// Lighthouse on the product as `npm start` serves it: starts its own server (own port, fresh
// database), audits the first screen in Debian's Chromium, prints the scores and the key
// metrics, and fails when a score is under its budget.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const lighthouseCli = path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');
const PORT = 8190;
// Measured 65-79 for performance on this 2-core machine (simulated mobile, 4x CPU slowdown) on
// 2026-11-22, and one run swings by several points when anything else runs: the median of RUNS
// is judged (as Lighthouse CI does), against a tripwire for regressions. On 2026-11-23 the same
// kind of machine scored the unchanged 2026-11-22 build 57 and 62 (and this one 58-72, median
// 61-62): at 60 the tripwire tripped on machine speed alone, so it sits at 55. The README keeps
// the figures.
const BUDGET = { performance: 0.55, accessibility: 1, 'best-practices': 0.95 };
const RUNS = 3;

const dir = mkdtempSync(path.join(tmpdir(), 'join-lh-'));
// The product as `npm start` runs it: the sandboxes program, then the API (scripts/start.mjs), every sandbox on a free port.
const server = spawn(process.execPath, [path.join(here, '..', '..', 'scripts', 'start.mjs')], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', JOIN_DB: path.join(dir, 'lh.sqlite'), LOG_LEVEL: 'warn', JOIN_SANDBOXES: '1', JOIN_SIGNIN_PORT: '0', JOIN_AUTHORITY_PORT: '0', JOIN_CARD_PORT: '0', JOIN_BNPL_PORT: '0', JOIN_COURIER_PORT: '0', JOIN_ESIM_PORT: '0', JOIN_PORTABILITY_PORT: '0', JOIN_MAIL_SINK_PORT: '0', JOIN_MAIL_OUTBOX_PORT: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/api/biz_config/app`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

let failed = false;
try {
  await waitForServer();
  const reports = [];
  // A run that crashes (Lighthouse's own NO_NAVSTART and the like: "run Lighthouse again")
  // measured nothing: try again, a bounded number of times.
  for (let attempt = 0; reports.length < RUNS && attempt < RUNS + 3; attempt++) {
    const out = path.join(dir, `report-${attempt}.json`);
    try {
      execFileSync(
        process.execPath,
        [
          lighthouseCli,
          `http://127.0.0.1:${PORT}/`,
          '--quiet',
          '--output=json',
          `--output-path=${out}`,
          '--only-categories=performance,accessibility,best-practices',
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic',
        ],
        { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: 'inherit' },
      );
    } catch {
      console.log(`Lighthouse run ${attempt + 1} crashed; running it again`);
      continue;
    }
    const report = JSON.parse(readFileSync(out, 'utf8'));
    if (report.runtimeError) {
      console.log(`Lighthouse run ${attempt + 1}: ${report.runtimeError.code}; running it again`);
      continue;
    }
    reports.push(report);
  }
  if (reports.length < RUNS) throw new Error(`only ${reports.length} of ${RUNS} Lighthouse runs completed`);
  reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  console.log(`\nperformance over ${RUNS} runs: ${reports.map((r) => Math.round(r.categories.performance.score * 100)).join(', ')}`);
  const report = reports[Math.floor(RUNS / 2)];

  console.log('Lighthouse (mobile, simulated throttling) on the first screen, median run');
  for (const [id, min] of Object.entries(BUDGET)) {
    const score = report.categories[id].score;
    const flag = score < min ? '  UNDER BUDGET' : '';
    if (flag) failed = true;
    console.log(`${id.padEnd(16)} ${String(Math.round(score * 100)).padStart(4)}   budget ${Math.round(min * 100)}${flag}`);
  }
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
    console.log(`${id.padEnd(26)} ${report.audits[id].displayValue}`);
  }
  if (failed) {
    for (const a of Object.values(report.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')) {
      console.log(`  failing audit: ${a.id}: ${a.title}`);
    }
  }
} finally {
  server.kill();
  if (process.env.KEEP_LH) console.log('report kept in', dir);
  else rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exit(1);
