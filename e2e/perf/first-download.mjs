// The host's first download, as a visitor's browser receives it: starts its own server (own
// port, fresh database), opens the first screen in Chromium on a phone, and adds up what the
// host's files weigh on the wire (compressed, headers included), apart from the step remotes and
// the API. Once with gzip only and once with brotli (what browsers get). Fails over budget.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const PORT = 8191;
// Issue 9 allowed the host's first download to grow by 10 KiB gzip over the issue-8 build
// (800bc9c), measured this way at 210.7 KiB gzip (186.1 brotli).
// Issue 24 added 0.7 KiB to the kernel and the shell that every screen needs (the honest 3-D
// Secure messages in the error catalogue, the five-stage stepper in its landmark, the plan in
// review): 220.4 → 221.1 KiB, so the tripwire moved 1 KiB. The first screen's real diet (a lazy
// error catalogue per domain, fewer files before the first API call) is issue 27's.
const BASELINE_GZIP_KIB = 210.7;
const ALLOWANCE_KIB = 11;
const BUDGET_GZIP_KIB = BASELINE_GZIP_KIB + ALLOWANCE_KIB;

const dir = mkdtempSync(path.join(tmpdir(), 'join-dl-'));
// The product as `npm start` runs it: the sandboxes program, then the API (scripts/start.mjs), every sandbox on a free port.
const server = spawn(process.execPath, [path.join(here, '..', '..', 'scripts', 'start.mjs')], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', JOIN_DB: path.join(dir, 'dl.sqlite'), LOG_LEVEL: 'warn', JOIN_SANDBOXES: '1', JOIN_SIGNIN_PORT: '0', JOIN_AUTHORITY_PORT: '0', JOIN_CARD_PORT: '0', JOIN_BNPL_PORT: '0', JOIN_COURIER_PORT: '0', JOIN_ESIM_PORT: '0', JOIN_PORTABILITY_PORT: '0', JOIN_MAIL_SINK_PORT: '0', JOIN_MAIL_OUTBOX_PORT: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/biz_config/app`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function measure(browser, encoding) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'accept-encoding': encoding } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  const bytes = new Map();
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
  await page.goto(`http://127.0.0.1:${PORT}/plan-selection`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(1500);
  let host = 0;
  let files = 0;
  for (const [id, n] of bytes) {
    const u = new URL(urls.get(id) ?? 'http://x/');
    if (u.pathname.startsWith('/api/') || u.pathname.startsWith('/mfe/')) continue;
    host += n;
    files++;
  }
  await page.close();
  return { kib: host / 1024, files };
}

let failed = false;
try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const gzip = await measure(browser, 'gzip');
    const br = await measure(browser, 'gzip, deflate, br');
    console.log('Host first download (first screen, phone, on the wire with headers; remotes and API apart)');
    console.log(`gzip      ${gzip.kib.toFixed(1).padStart(6)} KiB in ${gzip.files} files   budget ${BUDGET_GZIP_KIB.toFixed(1)} (${BASELINE_GZIP_KIB} + ${ALLOWANCE_KIB})`);
    console.log(`brotli    ${br.kib.toFixed(1).padStart(6)} KiB in ${br.files} files`);
    if (gzip.kib > BUDGET_GZIP_KIB) {
      console.error(`over budget by ${(gzip.kib - BUDGET_GZIP_KIB).toFixed(1)} KiB`);
      failed = true;
    }
  } finally {
    await browser.close();
  }
} finally {
  server.kill();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
