// How long each spec takes alone and with the suite, from Playwright's JSON reports (the figures
// the timeouts in playwright.config.ts and the specs are sized from: e2e/README.md "Timeouts").
//
//   PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/alone.json npx playwright test --workers=1 --reporter=list,json
//   PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/suite.json npx playwright test --reporter=list,json
//   node perf/e2e-timings.mjs /tmp/alone.json /tmp/suite.json [more reports, e.g. under load]
//
// Prints, per spec file: its slowest test in each report, the file's total, and the timeout the
// slowest test runs under (the config's, the file's test.setTimeout / describe.configure, or
// test.slow's triple), with the margin left: timeout / slowest in the last report.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error('usage: node perf/e2e-timings.mjs <report.json> [<report.json> ...]');
  process.exit(2);
}

function tests(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const rows = [];
  const walk = (suite) => {
    for (const s of suite.suites ?? []) walk(s);
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        for (const r of t.results) rows.push({ key: `${spec.file}:${spec.line}`, file: spec.file, title: spec.title, ms: r.duration, status: r.status, timeout: t.timeout ?? null });
      }
    }
  };
  for (const s of report.suites) walk(s);
  return { rows, wall: report.stats.duration, workers: report.config?.metadata?.actualWorkers ?? report.config?.workers };
}

const runs = reports.map((r) => ({ name: path.basename(r, '.json'), ...tests(r) }));
const files = [...new Set(runs.flatMap((r) => r.rows.map((x) => x.file)))].sort();
const s = (ms) => (ms / 1000).toFixed(1);

// The timeout a test runs under is in the report, per test (test.slow and setTimeout included).
const last = runs[runs.length - 1];
const header = ['spec', ...runs.flatMap((r) => [`${r.name} slowest`, `${r.name} total`]), 'timeout', 'margin'];
const lines = [header];
for (const f of files) {
  const cells = [f];
  for (const r of runs) {
    const mine = r.rows.filter((x) => x.file === f);
    cells.push(mine.length ? s(Math.max(...mine.map((x) => x.ms))) : '-', mine.length ? s(mine.reduce((a, x) => a + x.ms, 0)) : '-');
  }
  const mine = last.rows.filter((x) => x.file === f);
  const slowest = mine.reduce((a, x) => (x.ms > a.ms ? x : a), { ms: 0, timeout: null });
  cells.push(slowest.timeout ? s(slowest.timeout) : '?', slowest.timeout && slowest.ms ? `${(slowest.timeout / slowest.ms).toFixed(1)}x` : '?');
  lines.push(cells);
}
const widths = header.map((_, i) => Math.max(...lines.map((l) => String(l[i]).length)));
for (const l of lines) console.log(l.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  '));
console.log('');
for (const r of runs) {
  const sum = r.rows.reduce((a, x) => a + x.ms, 0);
  const failed = r.rows.filter((x) => x.status !== 'passed' && x.status !== 'skipped').length;
  console.log(`${r.name}: ${r.rows.length} tests, ${failed} not passed, sum of test times ${s(sum)} s, wall ${s(r.wall)} s`);
}
