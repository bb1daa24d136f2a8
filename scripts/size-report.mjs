// Build report: gzip sizes of what a visitor downloads first. The host's initial files
// (index.html's scripts and styles) and each remote's remoteEntry plus the chunks its
// manifest lists for the exposed step. Prints a table and fails over budget.
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODULES } from '../tools/module-registry.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
// Budgets in KiB gzip: tripwires just above today's figures (README). The host carries React,
// the router, jotai, the kernel and the zod builders it shares (singletons the remotes reuse).
// Each remote's budget is its entry in the module registry; remotes must stay small.
// The retail mode's chunks (named retail-*: loaded only on a shop device, never by a visitor) are
// counted apart, with their own tripwire: 18.1 KiB with every retail screen, the shell (react-idle-timer is
// most of its 8 KiB) and the retail texts; a shop device downloads them once, on the shop's network.
// The first-party collector's sender (named measurement.*: loaded only once a visitor has said yes
// to analytics, issue 28) is counted apart too: 6.8 KiB, nearly all of it web-vitals' attribution
// build; a visitor who declines never downloads it, and nobody downloads it before the first screen.
// The operations page's chunks (named ops-*: the page, its texts and its chart library, uPlot, about
// 22 KiB of the 30) are loaded only at /#/ops by an operator, never by a visitor: counted apart too.
const BUDGET = { hostEntry: 40, hostAll: 240, hostRetail: 20, hostMeasurement: 8, hostOps: 34 };
const RETAIL_ONLY = /^retail[.-]/;
const MEASUREMENT_ONLY = /^measurement[.-]/;
const OPS_ONLY = /^ops[.-]/;

const gz = (file) => gzipSync(readFileSync(file)).length;
const kib = (n) => (n / 1024).toFixed(1);
const rows = [];
let over = false;

const hostDist = path.join(root, 'host', 'dist');
const html = readFileSync(path.join(hostDist, 'index.html'), 'utf8');
// The page's own scripts and styles; its preloads (the start chunks, tools/preload-start-chunks.mjs)
// are counted with everything below.
const hostFiles = [...html.replace(/<link rel="preload"[^>]*>/g, '').matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const hostTotal = hostFiles.reduce((s, f) => s + gz(path.join(hostDist, f)), 0);
rows.push(['host', 'entry (index.html scripts + styles)', hostFiles.length, hostTotal, BUDGET.hostEntry]);
// Everything the host can load: the async bootstrap and the shared singletons behind it
// (React, router, jotai, @join/shared with zod). A first visit downloads all of it.
const hostAssets = readdirSync(hostDist).filter((f) => /\.(js|css)$/.test(f));
const hostAll = hostAssets.filter((f) => !RETAIL_ONLY.test(f) && !MEASUREMENT_ONLY.test(f) && !OPS_ONLY.test(f));
rows.push(['host', 'all JS + CSS (singletons included)', hostAll.length, hostAll.reduce((s, f) => s + gz(path.join(hostDist, f)), 0), BUDGET.hostAll]);
const hostRetail = hostAssets.filter((f) => RETAIL_ONLY.test(f));
rows.push(['host', 'retail mode (lazy, shop devices only)', hostRetail.length, hostRetail.reduce((s, f) => s + gz(path.join(hostDist, f)), 0), BUDGET.hostRetail]);
const hostMeasurement = hostAssets.filter((f) => MEASUREMENT_ONLY.test(f));
rows.push(['host', 'measurement (lazy, after analytics yes)', hostMeasurement.length, hostMeasurement.reduce((s, f) => s + gz(path.join(hostDist, f)), 0), BUDGET.hostMeasurement]);
const hostOps = hostAssets.filter((f) => OPS_ONLY.test(f));
rows.push(['host', 'operations page (lazy, operators only)', hostOps.length, hostOps.reduce((s, f) => s + gz(path.join(hostDist, f)), 0), BUDGET.hostOps]);

for (const { folder: remote, budgetKiB } of MODULES) {
  const dist = path.join(root, remote, 'dist');
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`${remote}: no build (${manifestFile}); every registered module must build.`);
    over = true;
    continue;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const files = new Set([manifest.metaData.remoteEntry.name]);
  for (const expose of manifest.exposes ?? []) {
    for (const f of [...(expose.assets?.js?.sync ?? []), ...(expose.assets?.css?.sync ?? [])]) files.add(f);
  }
  const total = [...files].reduce((s, f) => s + gz(path.join(dist, f)), 0);
  rows.push([remote, 'remoteEntry + exposed Step (sync)', files.size, total, budgetKiB]);
}

console.log('\nBundle sizes (gzip)');
console.log('package      what                                    files   KiB   budget');
for (const [pkg, what, n, bytes, budget] of rows) {
  const flag = bytes / 1024 > budget ? '  OVER BUDGET' : '';
  if (flag) over = true;
  console.log(`${pkg.padEnd(12)} ${what.padEnd(40)} ${String(n).padStart(5)} ${kib(bytes).padStart(6)} ${String(budget).padStart(7)}${flag}`);
}
if (over) {
  console.error('A bundle is over its budget.');
  process.exit(1);
}
