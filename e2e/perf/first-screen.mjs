// The first screen against its anchor: Lighthouse (mobile, simulated throttling, as a visitor's
// phone on a mobile network) on the product's first screen and on a bare client-rendered React page
// with the same content (bare-page/: a heading, the step line and the plan cards from one JSON
// request, the product's own plan list), alternating run by run in one process, in English and
// Arabic. A machine's speed moves both alike: the figures judged are ratios to the anchor measured
// in the same run, so a slow or busy machine no longer forces a threshold down.
//
//   node perf/first-screen.mjs            the tripwire of `npm test` (TRIPWIRE), exits 1 when tripped
//   FIRST_SCREEN_RUNS=7 node perf/...     more runs (default 5 of each page in each language)
//   KEEP_LH=1                             keeps the reports (their folder is printed)
//
// Also checks the product's accessibility (100) and best practices (95) on its median run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { buildHarness } from './harness.mjs';
import { PERF_PORTS, startProduct } from './product-server.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const lighthouseCli = path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');
const RUNS = Number(process.env.FIRST_SCREEN_RUNS ?? 5);
const LANGUAGES = ['en', 'ar'];

/**
 * The goals of the first screen (issue 27), each a ratio of the product's median to the bare
 * page's median in the same run: printed beside the figures; `npm test` judges the looser
 * TRIPWIRE (one run's noise on a busy machine must not fail the suite).
 */
export const GOALS = { score: { min: 0.95 }, lcp: { max: 1.3 }, tbt: { max: 2 }, cls: { max: 0 } };
/**
 * What `npm test` judges: tripwires at today's figures with room for a run's noise, so that a
 * change that makes the first screen slower than it is today fails; each moves toward GOALS as
 * the first screen gets there. Moved 2026-11-28, once the page's code runs in tasks of its own
 * after the server's first screen is painted (median of 5 on a quiet machine: score 1.00, LCP
 * 0.78-0.88x, TBT 0.56-1.4x of 50 ms; with the unit tests running beside it, 0.98, 0.88x and
 * 1.6x). Blocking time is the figure a busy machine moves most: a CI run on a fresh clone while
 * builds and tests ran beside it measured 4.3x and 3.2x for the same code, so its tripwire stays
 * at 8x, under the old code's 11x on a busy machine.
 */
const TRIPWIRE = { score: { min: 0.85 }, lcp: { max: 1.6 }, tbt: { max: 8 }, cls: { max: 0.02 } };
/**
 * Blocking time as a ratio needs a floor: the bare page often blocks 0 ms on an idle machine, and
 * any product divided by 0 is infinite. Its TBT counts as at least one long task's threshold (50 ms).
 */
const TBT_FLOOR_MS = 50;
const CATEGORY_BUDGET = { accessibility: 1, 'best-practices': 0.95 };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The bare page's files and its one JSON request (the product's own plan list, per language), gzipped as the product serves them. */
async function serveBarePage(dir, productOrigin) {
  // The product's client headers (SPEC: API version, language, channel, device); the plan list needs a session.
  const headers = { 'api-version': 'v34', language: 'en', channel: 'Web', 'device-os': 'web', 'device-id': randomUUID() };
  const login = await fetch(`${productOrigin}/api/securitymanagement/login_by_device_id`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  if (!login.ok) throw new Error(`the device login answered ${login.status}`);
  const { session_id } = await login.json();
  const plans = {};
  for (const language of LANGUAGES) {
    const res = await fetch(`${productOrigin}/api/products/available?category=tourist`, { headers: { ...headers, language, 'session-id': session_id } });
    if (!res.ok) throw new Error(`the plan list answered ${res.status}`);
    plans[language] = Buffer.from(await res.text());
  }
  const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body;
    let type;
    if (url.pathname === '/plans.json') {
      body = plans[url.searchParams.get('lang') === 'ar' ? 'ar' : 'en'];
      type = 'application/json';
    } else {
      const name = url.pathname === '/' ? 'index.html' : path.basename(url.pathname);
      try {
        body = readFileSync(path.join(dir, name));
      } catch {
        res.writeHead(404).end();
        return;
      }
      type = TYPES[path.extname(name)] ?? 'application/octet-stream';
    }
    res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', 'cache-control': 'no-cache' }).end(gzipSync(body));
  });
  await new Promise((resolve) => server.listen(PERF_PORTS.barePage, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${PERF_PORTS.barePage}`, close: () => server.close() };
}

/**
 * One Lighthouse run; null when Lighthouse itself crashed (NO_NAVSTART and the like: run it again).
 * Asynchronous: the bare page's server runs in this process.
 */
async function lighthouse(url, out, categories) {
  try {
    await promisify(execFile)(
      process.execPath,
      [lighthouseCli, url, '--quiet', '--output=json', `--output-path=${out}`, `--only-categories=${categories}`, `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH } },
    );
  } catch {
    return null;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  return report.runtimeError ? null : report;
}

const figures = (r) => ({
  score: r.categories.performance.score,
  fcp: r.audits['first-contentful-paint'].numericValue,
  lcp: r.audits['largest-contentful-paint'].numericValue,
  tbt: r.audits['total-blocking-time'].numericValue,
  cls: r.audits['cumulative-layout-shift'].numericValue,
});

const product = await startProduct(PERF_PORTS.lighthouse, 'lh');
let failed = false;
try {
  const bareOut = path.join(product.dir, 'bare-page');
  await buildHarness(path.join(here, '..', '..', 'host'), '../e2e/perf/bare-page/rspack.config.mjs', 'BARE_PAGE_OUT', bareOut);
  const bare = await serveBarePage(bareOut, product.origin);
  try {
    const pages = LANGUAGES.flatMap((language) => [
      { key: `bare ${language}`, language, url: `${bare.origin}/${language === 'ar' ? '?lang=ar' : ''}`, categories: 'performance' },
      { key: `product ${language}`, language, url: `${product.origin}/${language === 'ar' ? '?lang=ar' : ''}`, categories: 'performance,accessibility,best-practices' },
    ]);
    const reports = Object.fromEntries(pages.map((p) => [p.key, []]));
    // Alternating: run i of every page before run i + 1 of any, so a slow minute costs all alike.
    for (let run = 0; run < RUNS; run++) {
      for (const p of pages) {
        for (let attempt = 0; attempt < 3; attempt++) {
          const report = await lighthouse(p.url, path.join(product.dir, `${p.key.replace(' ', '-')}-${run}-${attempt}.json`), p.categories);
          if (report) {
            reports[p.key].push(report);
            break;
          }
          console.log(`Lighthouse crashed on ${p.key}, run ${run + 1}; running it again`);
        }
      }
    }
    console.log(`\nFirst screen, Lighthouse mobile (simulated throttling), median of ${RUNS} runs alternating with a bare React page`);
    console.log('page         score   FCP ms   LCP ms   TBT ms    CLS    (scores of each run)');
    const medians = {};
    for (const p of pages) {
      const runs = reports[p.key].map(figures);
      if (runs.length < RUNS) throw new Error(`only ${runs.length} of ${RUNS} Lighthouse runs of ${p.key} completed`);
      const m = Object.fromEntries(['score', 'fcp', 'lcp', 'tbt', 'cls'].map((k) => [k, median(runs.map((f) => f[k]))]));
      medians[p.key] = m;
      console.log(
        `${p.key.padEnd(11)} ${String(Math.round(m.score * 100)).padStart(6)} ${String(Math.round(m.fcp)).padStart(8)} ${String(Math.round(m.lcp)).padStart(8)} ${String(Math.round(m.tbt)).padStart(8)} ${m.cls.toFixed(3).padStart(6)}    (${runs.map((f) => Math.round(f.score * 100)).join(', ')})`,
      );
    }
    console.log(`\nproduct / bare page      score     LCP     TBT     CLS   goal: score ≥ 0.95, LCP ≤ 1.3, TBT ≤ 2 (of the bare page's, at least ${TBT_FLOOR_MS} ms), CLS 0`);
    for (const language of LANGUAGES) {
      const p = medians[`product ${language}`];
      const b = medians[`bare ${language}`];
      const ratio = { score: p.score / b.score, lcp: p.lcp / b.lcp, tbt: p.tbt / Math.max(b.tbt, TBT_FLOOR_MS), cls: p.cls };
      const verdict = (k, limits) => ('min' in limits[k] ? ratio[k] >= limits[k].min : ratio[k] <= limits[k].max);
      const flags = Object.keys(TRIPWIRE).filter((k) => !verdict(k, TRIPWIRE));
      const goalsMet = Object.keys(GOALS).every((k) => verdict(k, GOALS));
      if (flags.length) failed = true;
      console.log(
        `${language.padEnd(22)} ${ratio.score.toFixed(2).padStart(7)} ${ratio.lcp.toFixed(2).padStart(7)} ${ratio.tbt.toFixed(2).padStart(7)} ${ratio.cls.toFixed(3).padStart(7)}   ${goalsMet ? 'goals met' : 'goals not met'}${flags.length ? `; TRIPWIRE (${flags.join(', ')})` : ''}`,
      );
    }
    console.log(`tripwire of npm test: score ≥ ${TRIPWIRE.score.min}, LCP ≤ ${TRIPWIRE.lcp.max}, TBT ≤ ${TRIPWIRE.tbt.max}, CLS ≤ ${TRIPWIRE.cls.max} of the bare page's`);

    // The product's other categories, on its median-scoring run in each language.
    for (const language of LANGUAGES) {
      const runs = [...reports[`product ${language}`]].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const report = runs[Math.floor(runs.length / 2)];
      for (const [id, min] of Object.entries(CATEGORY_BUDGET)) {
        const score = report.categories[id].score;
        if (score < min) {
          failed = true;
          console.log(`${language} ${id} ${Math.round(score * 100)}, budget ${Math.round(min * 100)}: UNDER BUDGET`);
          for (const a of Object.values(report.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')) {
            console.log(`  failing audit: ${a.id}: ${a.title}`);
          }
        }
      }
    }
  } finally {
    bare.close();
  }
} finally {
  product.stop({ keep: !!process.env.KEEP_LH });
  if (process.env.KEEP_LH) console.log('reports kept in', product.dir);
}
if (failed) process.exit(1);
