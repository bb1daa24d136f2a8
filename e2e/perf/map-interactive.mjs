// The delivery map's time to interactive, measured in Chromium (the budget: "the map is
// interactive within 2 s on this machine"). Builds the map harness page (mfe-delivery/src/map/
// harness: MapView, interactive with a pin, its lazy chunks, maplibre-gl and its worker as the
// delivery remote builds them) into a temporary folder, serves it with the product's headers and
// the map data of api/generated/geo under /api/map/ (precompressed copies as the API sends them),
// and opens it 3 times in a phone viewport (390x844) and 3 times on a desktop (1366x900), each in
// a new browser (a cold cache). Per run it prints, in ms since navigation start, maplibre's `load`
// (style, sources and first render: interactive) and its first `idle`; then clicks the map and
// prints the time from the click to the frame with the pin there (press.ts: a click drops it),
// and the bytes of map data (/api/map/) and of everything sent.
// Fails when the median `load` of a viewport is over 2000 ms, when the click does not put the pin
// where it was clicked, or on any page error.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { buildHarness, runToEnd } from './harness.mjs';
import { PRODUCT_HEADERS } from './product-csp.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const deliveryDir = path.join(root, 'mfe-delivery');
const geoDir = path.join(root, 'api', 'generated', 'geo');
const BUDGET_MS = 2000;
const RUNS = 3;
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
];
// The product's headers (product-csp.mjs: securityHeaders() with no remote origins), split as the
// API sends them: the opener policy, frame options and permissions policy on documents only, the
// rest (the CSP first) on every answer, documents and scripts alike, so maplibre's worker runs
// under the same policy as in the product. It has no worker-src: workers fall back to
// script-src, 'self' only (no blob:), which is what the product allows them.
const DOCUMENT_HEADER_NAMES = ['cross-origin-opener-policy', 'x-frame-options', 'permissions-policy'];
const EVERYWHERE = Object.fromEntries(Object.entries(PRODUCT_HEADERS).filter(([name]) => !DOCUMENT_HEADER_NAMES.includes(name)));
const DOCUMENT_ONLY = Object.fromEntries(Object.entries(PRODUCT_HEADERS).filter(([name]) => DOCUMENT_HEADER_NAMES.includes(name)));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json; charset=utf-8', '.geojson': 'application/geo+json' };
// The files GET /api/map/ serves (MAP_DATA_PATHS of @join/shared/delivery).
const MAP_FILES = ['land.geojson', 'emirates.geojson', 'places.geojson', 'attribution.json'];

/** The harness, then the build's brotli and gzip copies, as the remote's build makes them. */
async function build(out) {
  await buildHarness(deliveryDir, 'src/map/harness/rspack.config.mjs', 'MAP_HARNESS_OUT', out);
  await runToEnd('precompress', process.execPath, [path.join(root, 'tools', 'precompress.mjs'), out]);
}

/** The map data is the API's build (pnpm --filter @join/api run build:geo); made here when missing. */
function ensureGeo() {
  if (MAP_FILES.every((f) => existsSync(path.join(geoDir, f)))) return Promise.resolve();
  console.log('map-interactive: building the map data (pnpm --filter @join/api run build:geo)');
  return runToEnd('build:geo', 'npx', ['-y', 'pnpm@10.34.9', '--filter', '@join/api', 'run', 'build:geo'], { cwd: root });
}

/** The copy the client accepts, brotli first (as the API and its static files choose). */
function encoded(file, acceptEncoding) {
  const accepts = (name) => acceptEncoding.split(',').some((p) => p.trim().split(';')[0] === name);
  if (accepts('br') && existsSync(`${file}.br`)) return { file: `${file}.br`, encoding: 'br' };
  if (accepts('gzip') && existsSync(`${file}.gz`)) return { file: `${file}.gz`, encoding: 'gzip' };
  return { file, encoding: null };
}

/** Serves the harness and /api/map/; counts the bytes it sends (all, and the map data's) until reset. */
function serve(dir) {
  const sent = { all: 0, map: 0, encodings: new Set() };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const mapFile = url.pathname.startsWith('/api/map/') ? url.pathname.slice('/api/map/'.length) : null;
    const file =
      mapFile !== null
        ? MAP_FILES.includes(mapFile)
          ? path.join(geoDir, mapFile)
          : null
        : path.join(dir, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file || !(file.startsWith(dir) || file.startsWith(geoDir)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, EVERYWHERE).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const chosen = encoded(file, String(req.headers['accept-encoding'] ?? ''));
    const body = readFileSync(chosen.file);
    sent.all += body.length;
    if (mapFile !== null) {
      sent.map += body.length;
      if (chosen.encoding) sent.encodings.add(chosen.encoding);
    }
    res.writeHead(200, {
      ...EVERYWHERE,
      ...(type === 'text/html' ? DOCUMENT_ONLY : {}),
      'content-type': type,
      'content-length': body.length,
      vary: 'accept-encoding',
      ...(chosen.encoding ? { 'content-encoding': chosen.encoding } : {}),
    });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, sent })));
}

async function run(port, sent, viewport) {
  sent.all = 0;
  sent.map = 0;
  // A new browser each run: an empty profile, so nothing is cached. Headless (Playwright adds
  // --headless and, for software WebGL without a GPU, --enable-unsafe-swiftshader: named here too).
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--enable-unsafe-swiftshader'] });
  try {
    const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    const problems = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('worker', (w) => w.on('console', (m) => m.type() === 'error' && problems.push(`worker: ${m.text()}`)));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => document.body.dataset.mapLoadMs && document.body.dataset.mapIdleMs, null, { timeout: 30_000 });
    const state = await page.locator('.delivery-map').getAttribute('data-state');
    // The map drawn where the visitor sees it: its box as tall as its frame (a box of no height
    // hides the map and lets clicks through to the frame).
    const heights = await page.evaluate(() => ['.delivery-map__frame', '.delivery-map__canvas'].map((s) => document.querySelector(s)?.getBoundingClientRect().height ?? 0));
    const [loadMs, idleMs] = await page.evaluate(() => [Number(document.body.dataset.mapLoadMs), Number(document.body.dataset.mapIdleMs)]);
    // The data has arrived (idle): what the map needed so far, before the click.
    const mapBytes = sent.map;
    const allBytes = sent.all;
    // A click on the map away from the pin (a quarter across, a third down): press.ts drops the pin there.
    const box = await page.locator('.delivery-map__canvas canvas').boundingBox();
    if (!box) throw new Error('no map canvas');
    await page.mouse.click(box.x + box.width / 4, box.y + box.height / 3);
    await page.waitForFunction(() => document.body.dataset.pinMs, null, { timeout: 5_000 }).catch(() => null);
    const pin = await page.evaluate(() => ({
      ms: document.body.dataset.pinMs ? Number(document.body.dataset.pinMs) : null,
      offPx: Number(document.body.dataset.pinOffPx),
      markers: Number(document.body.dataset.pinMarker),
      mapErrors: Number(document.body.dataset.mapErrors ?? 0),
    }));
    if (pin.mapErrors) problems.push(`${pin.mapErrors} map error event(s)`);
    return { state, heights, loadMs, idleMs, pin, mapBytes, allBytes, problems };
  } finally {
    await browser.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

await ensureGeo();
const out = mkdtempSync(path.join(tmpdir(), 'join-map-'));
let failed = false;
let server;
try {
  await build(out);
  const served = await serve(out);
  server = served.server;
  const { port } = server.address();
  console.log(`Delivery map to interactive (Chromium headless, software WebGL, product CSP, cold cache, ${RUNS} runs a viewport)`);
  console.log('viewport          run   load ms   idle ms   pin after click ms   map data      all sent');
  for (const viewport of VIEWPORTS) {
    const loads = [];
    for (let i = 1; i <= RUNS; i++) {
      const r = await run(port, served.sent, viewport);
      loads.push(r.loadMs);
      const label = `${viewport.name} ${viewport.width}x${viewport.height}`;
      console.log(
        `${label.padEnd(18)}${String(i).padStart(3)}${String(r.loadMs).padStart(10)}${String(r.idleMs).padStart(10)}${String(r.pin.ms ?? '-').padStart(21)}${kib(r.mapBytes).padStart(13)}${kib(r.allBytes).padStart(14)}`,
      );
      if (r.state !== 'ready') {
        console.error(`  the map says "${r.state}", not ready`);
        failed = true;
      }
      const [frameHeight, mapHeight] = r.heights;
      if (!(mapHeight > 0 && Math.abs(mapHeight - frameHeight) <= 2)) {
        console.error(`  the map's box is ${mapHeight} px tall in a frame of ${frameHeight} px: the map is not seen (a style over .delivery-map__canvas?)`);
        failed = true;
      }
      if (r.pin.ms === null || r.pin.markers !== 1 || !(r.pin.offPx <= 2)) {
        console.error(`  the click did not put the pin where it was clicked (${JSON.stringify(r.pin)})`);
        failed = true;
      }
      if (r.problems.length) {
        console.error(`  page errors: ${r.problems.join(' | ')}`);
        failed = true;
      }
    }
    const m = median(loads);
    console.log(`${viewport.name}: median load ${m} ms (budget ${BUDGET_MS} ms)${m > BUDGET_MS ? '  OVER BUDGET' : ''}`);
    if (m > BUDGET_MS) failed = true;
  }
  console.log(`map data sent as ${[...served.sent.encodings].join(', ') || 'identity'} (/api/map/: land, emirates, places, attribution)`);
} finally {
  server?.close();
  rmSync(out, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
