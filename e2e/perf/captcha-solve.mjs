// The address challenge's work in the visitor's browser (api/src/modules/numbers/captcha.ts
// CAPTCHA_DIFFICULTY): signs challenges as the API does, has Chromium solve them with the same
// library and Web Crypto the number step uses, unthrottled and with the CPU slowed 4× and 6×
// (phones), and prints mean, median, 90th percentile and slowest. Not part of `npm run perf`
// (its figures depend on the machine's load): run it by hand after a change of difficulty.
//   node perf/captcha-solve.mjs [runs=60] [keyPrefix=00] [cost=16]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const [runs = 60, keyPrefix = '00', cost = 16] = process.argv.slice(2).map((v, i) => (i === 1 ? v : Number(v)));
// altcha-lib is the API's and the number step's dependency, not the e2e package's.
const fromApi = createRequire(path.join(here, '..', '..', 'api', 'package.json'));
// Its `require` entry is dist/cjs/v2/index.js; the browser gets the ESM build beside it.
const esm = path.join(path.dirname(fromApi.resolve('altcha-lib')), '..', '..', 'esm', 'v2');
const { createChallenge } = await import(pathToFileURL(path.join(esm, 'index.js')).href);
const { deriveKey } = await import(pathToFileURL(path.join(esm, 'algorithms', 'sha.js')).href);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
// localhost is a secure context: Web Crypto's subtle API is there, as on the product's https page.
await page.route('http://localhost:9/**', (route) => {
  const p = new URL(route.request().url()).pathname;
  if (p === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>solve</title></html>' });
  return route.fulfill({ contentType: 'text/javascript', body: readFileSync(path.join(esm, p)) });
});
await page.goto('http://localhost:9/');
const cdp = await page.context().newCDPSession(page);
for (const rate of [1, 4, 6]) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const times = [];
  for (let i = 0; i < runs; i++) {
    const challenge = await createChallenge({ algorithm: 'SHA-256', cost, keyPrefix, deriveKey, hmacSignatureSecret: 'k'.repeat(32) });
    times.push(
      await page.evaluate(async (c) => {
        const { solveChallenge } = await import('/index.js');
        const web = await import('/algorithms/web/sha.js');
        const started = performance.now();
        if (!(await solveChallenge({ challenge: c, deriveKey: web.deriveKey }))) throw new Error('no solution');
        return performance.now() - started;
      }, challenge),
    );
  }
  times.sort((a, b) => a - b);
  const ms = (v) => `${Math.round(v)} ms`;
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(`CPU ×${rate}: mean ${ms(mean)}, median ${ms(times[times.length >> 1])}, p90 ${ms(times[Math.floor(times.length * 0.9)])}, slowest ${ms(times.at(-1))} (${runs} challenges, prefix ${keyPrefix}, cost ${cost})`);
}
await browser.close();
