// Every step of a purchase, federated against the same steps built into one bundle (issue 27:
// "time from the previous step's primary action to the next step's heading and primary action
// being usable, for each step of a whole purchase: at most 1.1x. Print it per step").
//
// Builds the host's single-bundle variant (host/rspack.config.mjs with JOIN_SINGLE_BUNDLE=1 into
// host/dist-single: the five step modules inside the host, each its own chunk, no Module
// Federation; tools/single-bundle.mjs), starts the product twice (product-server.mjs, a fresh
// database each): as built (`npm run build`) and serving the single bundle (JOIN_HOST_DIR), then
// walks a whole purchase in Chromium on a phone, alternating the two run by run, each run in a new
// browser context (an empty cache): plan, number, account (a new e-mail, its code from the outbox,
// a password), location check, activation method, id check, payment by card (and its receipt), the
// eSIM's thank-you page. The identity check's own screens (document and face) are answered through
// the API for the page's session (tests/pages/prepared.ts answerPageVisitor, as the retail walk
// answers them), then the page is loaded again on the details to confirm: every step's own primary
// action is clicked on screen.
//
// The phone: CDP's network emulation (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and a
// CPU slowed 4 times, from the first load on, so that loading a step's code counts. Before each
// primary action the page is left until its network is quiet (the next step's prefetch done, as
// for a visitor reading the screen). t0 is the click on the primary action (its event, in the
// page), t1 the first moment after it when the next step's heading ([data-step-heading]) shows its
// text and that step's primary action is a visible, enabled button: both read in the page, at each
// change of the DOM.
//
//   node perf/step-timings.mjs                 3 runs of each (STEP_TIMING_RUNS)
//   STEP_TIMING_TRIPWIRE=1 node perf/...       also fails when a step is over 1.5x the one bundle
//   STEP_TIMING_REQUESTS=1 node perf/...       prints what each transition fetched (Resource Timing)
//
// Prints the median of each step for each variant, their ratio and the goal (1.1x). Exits 1 on a
// crash, and over the tripwire only when STEP_TIMING_TRIPWIRE is set.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { MODULES } from '../../tools/module-registry.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { runToEnd } from './harness.mjs';
import { PERF_PORTS, startProduct } from './product-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const hostDir = path.join(root, 'host');
const singleDir = path.join(hostDir, 'dist-single');
const RUNS = Number(process.env.STEP_TIMING_RUNS ?? 3);
const GOAL = 1.1;
const TRIPWIRE = process.env.STEP_TIMING_TRIPWIRE ? 1.5 : null;
const SHOW_REQUESTS = Boolean(process.env.STEP_TIMING_REQUESTS);
/** Lighthouse's mobile figures, applied by CDP (bytes per second). */
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const PHONE_CPU_SLOWDOWN = 4;
const DUBAI = { latitude: 25.2048, longitude: 55.2708 };
const CARD = { number: '4242424242424242', expiry: '12/30', cvv: '739', name: 'Grace Hopper' };
/** A step's network is quiet when nothing has been in flight this long (capped: a step that keeps asking goes on anyway). */
const QUIET_MS = 500;
const QUIET_CAP_MS = 20_000;
const STEP_TIMEOUT_MS = 60_000;

// The walks' own helpers (TypeScript), through the API's tsx as product-csp.mjs reads the API.
const tsxDir = path.dirname(createRequire(path.join(root, 'api', 'package.json')).resolve('tsx/package.json'));
const { tsImport } = await import(pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href);
const pages = (file) => tsImport(pathToFileURL(path.join(here, '..', 'tests', 'pages', file)).href, import.meta.url);
const { answerPageVisitor, CHECK_ROUTES, VISITOR_WITH_PASSPORT } = await pages('prepared.ts');
const { fillCard, cardFrame } = await pages('payment-step.ts');
const { latestCode, uniqueEmail } = await pages('outbox.ts');

/**
 * The step transitions of the walk, in order: where the next step is (its route), its heading and
 * its primary action (regular expressions of their English texts).
 */
const STEPS = [
  { name: 'plan → number', route: '/number', heading: '^Choose your number$', action: '^Take this number$' },
  { name: 'number → account', route: '/login', heading: '^Log in or create an account$', action: '^Continue$' },
  { name: 'account → location check', route: '/location_check', heading: '^Check your location$', action: '^Share my location$' },
  { name: 'location check → activation method', route: '/activation_method', heading: '^Choose how to activate$', action: '^Continue$' },
  { name: 'activation method → id check', route: '/id_check', heading: '^Scan your passport photo page$', action: '^Open the camera$' },
  { name: 'id check → payment', route: '/payment', heading: '^Payment$', action: '^Pay AED' },
  { name: 'payment → thank you', route: '/thank-you', heading: '^Your eSIM is ready$', action: '^Copy the code$' },
];
const FIRST = { name: 'page load → plan', route: '/plan-selection', heading: '^Choose your plan$', action: '^Choose this plan' };

/**
 * In the page: resolves with the time from the click (t0: the first trusted click after this, or
 * the navigation's start when `fromLoad`) to the first moment the target step is usable (t1).
 */
function watchStep({ route, heading, action, fromLoad, timeoutMs }) {
  // As an init script it runs on every load of the page: only the first one (the product's root) is timed.
  if (fromLoad && (!window.location.protocol.startsWith('http') || window.location.hash.length > 2)) return;
  const headingRe = new RegExp(heading);
  const actionRe = new RegExp(action);
  const usable = () => {
    const at = window.location.hash.slice(1).split('?')[0];
    if (at !== route) return false;
    const h = document.querySelector('[data-step-heading]');
    if (!h || !h.checkVisibility() || !headingRe.test((h.textContent ?? '').trim())) return false;
    return [...document.querySelectorAll('button')].some(
      (b) => actionRe.test((b.textContent ?? '').trim()) && b.checkVisibility() && !b.disabled && b.getAttribute('aria-disabled') !== 'true',
    );
  };
  performance.setResourceTimingBufferSize(5000);
  window.__joinStep = new Promise((resolve, reject) => {
    let t0 = fromLoad ? 0 : null;
    let observer = null;
    const timer = setTimeout(() => {
      observer?.disconnect();
      reject(new Error(`${route} was not usable ${timeoutMs} ms after ${t0 === null ? 'arming (no click seen)' : 'the click'}: heading "${document.querySelector('[data-step-heading]')?.textContent ?? ''}" at ${window.location.hash}`));
    }, timeoutMs);
    const check = () => {
      if (t0 === null || !usable()) return;
      const t1 = performance.now();
      observer?.disconnect();
      clearTimeout(timer);
      // What the page fetched in between (Resource Timing: 0 bytes from the cache).
      const fetched = performance
        .getEntriesByType('resource')
        .filter((r) => r.startTime >= t0 && r.startTime <= t1)
        .map((r) => `${new URL(r.name).pathname} ${r.transferSize > 0 ? `${(r.transferSize / 1024).toFixed(1)} KiB` : 'cached'} ${Math.round(r.duration)} ms`);
      resolve({ ms: t1 - t0, fetched });
    };
    window.addEventListener('click', (e) => {
      if (t0 === null && e.isTrusted) t0 = performance.now();
      queueMicrotask(check);
    }, { capture: true, once: true });
    const observe = () => {
      observer = new MutationObserver(check);
      observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
      window.addEventListener('hashchange', check);
      check();
    };
    if (document.documentElement) observe();
    else document.addEventListener('DOMContentLoaded', observe, { once: true });
  });
  // Not an unhandled rejection of the page when nobody waits for it: the walk reads it with evaluate.
  window.__joinStep.catch(() => undefined);
}

/** Until nothing of the page's has been in flight for QUIET_MS (CDP's network events). */
function networkWatch(cdp) {
  const inFlight = new Set();
  let lastChange = Date.now();
  const done = (e) => {
    inFlight.delete(e.requestId);
    lastChange = Date.now();
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    inFlight.add(e.requestId);
    lastChange = Date.now();
  });
  cdp.on('Network.loadingFinished', done);
  cdp.on('Network.loadingFailed', done);
  return async function quiet() {
    const start = Date.now();
    while (Date.now() - start < QUIET_CAP_MS) {
      if (inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
}

/** Clicks `button` (a locator) as the previous step's primary action and returns the milliseconds until `step` is usable. */
async function timed(page, quiet, step, button) {
  await button.waitFor({ timeout: STEP_TIMEOUT_MS });
  await quiet();
  await page.evaluate(watchStep, { ...step, fromLoad: false, timeoutMs: STEP_TIMEOUT_MS });
  await button.click();
  return page.evaluate(() => window.__joinStep);
}

/** The milliseconds of a transition, its requests printed when STEP_TIMING_REQUESTS asks for them. */
function took(label, { ms, fetched }) {
  if (SHOW_REQUESTS) console.log(`  ${label}: ${Math.round(ms)} ms${fetched.map((f) => `\n    ${f}`).join('')}`);
  return ms;
}

const byName = (page, role, name) => page.getByRole(role, { name, exact: true });
const heading = (page, name) => page.locator('[data-step-heading]', { hasText: name });

/** One purchase on a phone in a new context; the milliseconds of each step by name. */
async function walk(browser, origin) {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 }, geolocation: DUBAI, permissions: ['geolocation'] });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    const quiet = networkWatch(cdp);
    const ms = {};
    const [plan, number, account, location, method, check, payment, thanks] = [FIRST, ...STEPS];

    await page.addInitScript(watchStep, { ...plan, fromLoad: true, timeoutMs: STEP_TIMEOUT_MS });
    await page.goto('/');
    ms[plan.name] = took(plan.name, await page.evaluate(() => window.__joinStep));

    // Plan: the first card reviewed, its price settled, then "Continue with this plan".
    await page.locator('.plan-card').first().getByRole('button', { name: /^Choose this plan/ }).click();
    await page.locator('.price-breakdown[aria-busy="false"]').waitFor();
    ms[number.name] = took(number.name, await timed(page, quiet, number, byName(page, 'button', 'Continue with this plan')));

    // Number: the offer taken, then "Confirm this number".
    await byName(page, 'button', 'Take this number').click();
    await heading(page, 'Confirm your number').waitFor();
    ms[account.name] = took(account.name, await timed(page, quiet, account, byName(page, 'button', 'Confirm this number')));

    // Account: a new e-mail, its code from the outbox, a password, then "Save password and continue".
    const email = uniqueEmail('step-timings');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await byName(page, 'button', 'Continue').click();
    await heading(page, 'How would you like to continue?').waitFor();
    const sentAt = Date.now() - 1000;
    await byName(page, 'button', 'E-mail me a code').click();
    await heading(page, 'Check your e-mail').waitFor();
    await page.getByLabel('Verification code').fill(await latestCode(page.request, email, sentAt));
    await byName(page, 'button', 'Verify').click();
    await heading(page, 'Create a password').waitFor();
    await page.getByLabel('New password').fill('Sunshine2026');
    ms[location.name] = took(location.name, await timed(page, quiet, location, byName(page, 'button', 'Save password and continue')));

    // Location check: "Share my location" (Dubai, the context's position).
    ms[method.name] = took(method.name, await timed(page, quiet, method, byName(page, 'button', 'Share my location')));

    // Activation method: a visitor, an eSIM, then "Continue".
    await page.getByRole('radio', { name: /^I'm visiting/ }).check();
    await page.getByRole('radio', { name: /^Instant eSIM/ }).check();
    ms[check.name] = took(check.name, await timed(page, quiet, check, byName(page, 'button', 'Continue')));

    // Id check: the document and the face answered through the API, the page loaded again on the
    // details, then "These are correct".
    await answerPageVisitor(page, VISITOR_WITH_PASSPORT);
    await page.goto('about:blank');
    await page.goto(`/#${CHECK_ROUTES.non_resident.face}`);
    await heading(page, 'Check your details').waitFor();
    ms[payment.name] = took(payment.name, await timed(page, quiet, payment, byName(page, 'button', 'These are correct')));

    // Payment: the card typed into the provider's fields, "Pay AED …", then the receipt's "Continue".
    // Typed once the provider's form says it is ready (typed earlier, a key may be lost), and
    // again if a field did not take it.
    await page.locator('.payment-frame[data-ready="true"]').waitFor();
    for (let tries = 1; ; tries++) {
      await fillCard(page, CARD);
      const typed = await cardFrame(page).getByLabel('Card number').inputValue();
      if (typed.replace(/\D/g, '') === CARD.number || tries === 3) break;
    }
    await page.getByRole('button', { name: /^Pay AED/ }).click();
    await heading(page, 'Payment received').waitFor();
    ms[thanks.name] = took(thanks.name, await timed(page, quiet, thanks, byName(page, 'button', 'Continue')));

    if (errors.length > 0) throw new Error(`errors in the page: ${errors.join('; ')}`);
    return ms;
  } catch (e) {
    // Where the walk stood: the address, the heading and any alert on the screen.
    const seen = await page
      .evaluate(() => [window.location.hash, document.querySelector('[data-step-heading]')?.textContent, ...[...document.querySelectorAll('[role="alert"], [role="alertdialog"]')].map((a) => a.textContent)].join(' | '))
      .catch(() => 'the page is gone');
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n  the page: ${seen}${errors.length ? `\n  errors in the page: ${errors.join('; ')}` : ''}${consoleErrors.length ? `\n  its console: ${consoleErrors.join('; ')}` : ''}`, { cause: e });
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const built = ['host/dist/index.html', 'api/dist/main.js', ...MODULES.map((m) => `${m.folder}/dist/mf-manifest.json`)];
for (const file of built) if (!existsSync(path.join(root, file))) throw new Error(`step-timings: no ${file}: run npm run build first`);
const started = Date.now();
console.log('step-timings: building the single bundle (host/dist-single)');
await runToEnd('single-bundle build', path.join(hostDir, 'node_modules', '.bin', 'rspack'), ['build'], {
  cwd: hostDir,
  env: { ...process.env, JOIN_SINGLE_BUNDLE: '1', NODE_ENV: 'production' },
});
await runToEnd('precompress', process.execPath, [path.join(root, 'tools', 'precompress.mjs'), singleDir]);

const VARIANTS = [
  { key: 'federated', label: 'federated', port: PERF_PORTS.stepsFederated, env: {} },
  { key: 'single', label: 'one bundle', port: PERF_PORTS.stepsSingle, env: { JOIN_HOST_DIR: singleDir } },
];
const products = [];
let browser = null;
let failed = false;
try {
  const start = (v) => startProduct(v.port, `steps-${v.key}`, { JOIN_DEV_OUTBOX: '1', ...v.env });
  for (const v of VARIANTS) products.push(await start(v));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const results = Object.fromEntries(VARIANTS.map((v) => [v.key, []]));
  for (let run = 0; run < RUNS; run++) {
    // Alternating, and each pair in the other order from the last (ABBA): a machine getting busier
    // or quieter moves both alike.
    const order = run % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const v = VARIANTS[i];
      if (SHOW_REQUESTS) console.log(`${v.label}, run ${run + 1}:`);
      let ms;
      for (let attempt = 1; !ms; attempt++) {
        try {
          ms = await walk(browser, products[i].origin);
        } catch (e) {
          // Stopped from outside (this machine is shared, and its other programs' servers are
          // started by the same script): started again on a fresh database, and the run again.
          if (products[i].running() || attempt === 3) throw e;
          console.log(`${v.label}: the product stopped during run ${run + 1}; starting it again`);
          products[i].stop();
          products[i] = await start(v);
        }
      }
      results[v.key].push(ms);
      console.log(`${v.label.padEnd(10)} run ${run + 1}: ${Object.entries(ms).map(([k, t]) => `${k} ${Math.round(t)}`).join(', ')} ms`);
    }
  }

  const rows = [FIRST, ...STEPS].map((s) => {
    const [f, o] = VARIANTS.map((v) => median(results[v.key].map((r) => r[s.name])));
    return { name: s.name, federated: f, single: o, ratio: f / o, transition: s !== FIRST };
  });
  console.log(`\nEvery step of a purchase on a phone (150 ms RTT, 1.6 Mbit/s, CPU / ${PHONE_CPU_SLOWDOWN}), median of ${RUNS} runs of each, alternating`);
  console.log(`${'step'.padEnd(38)}${'federated'.padStart(11)}${'one bundle'.padStart(12)}${'ratio'.padStart(8)}`);
  for (const r of rows) {
    const note = r.transition ? '' : '   (the first screen: no previous step; not in the goal)';
    console.log(`${r.name.padEnd(38)}${`${Math.round(r.federated)} ms`.padStart(11)}${`${Math.round(r.single)} ms`.padStart(12)}${r.ratio.toFixed(2).padStart(8)}${note}`);
  }
  const steps = rows.filter((r) => r.transition);
  const over = steps.filter((r) => r.ratio > GOAL);
  console.log(
    `goal (issue 27): every step at most ${GOAL}x the one bundle: ${over.length === 0 ? 'met' : `not met on ${over.length} of ${steps.length} steps (${over.map((r) => `${r.name} ${r.ratio.toFixed(2)}`).join(', ')})`}`,
  );
  if (TRIPWIRE !== null) {
    const tripped = steps.filter((r) => r.ratio > TRIPWIRE);
    console.log(`tripwire: every step at most ${TRIPWIRE}x: ${tripped.length === 0 ? 'passed' : `FAILED on ${tripped.map((r) => r.name).join(', ')}`}`);
    if (tripped.length > 0) failed = true;
  }
  console.log(`step-timings took ${Math.round((Date.now() - started) / 1000)} s`);
} catch (e) {
  console.error('step-timings crashed:', e);
  failed = true;
} finally {
  await browser?.close();
  for (const p of products) p.stop();
}
if (failed) process.exit(1);
