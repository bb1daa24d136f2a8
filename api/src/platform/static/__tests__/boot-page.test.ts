import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BOOT_PAYLOAD_ID, BootPayload, bootAnswerKey, BizConfigResponse, FIRST_SCREEN_ID, FIRST_SCREEN_SLOT, ProductsResponse, TranslationsResponse } from '@join/shared/contract';
import { createTestApp, tempDir, type TestApp } from '../../../testing/harness';
import { bootPage, scriptSafeJson } from '../boot-page';
import { loadFirstScreen } from '../first-screen';

/** The page as a browser gets it: its HTML and its boot payload, parsed with the kernel's schema. */
function payloadOf(html: string): BootPayload {
  const m = html.match(new RegExp(`<script type="application/json" id="${BOOT_PAYLOAD_ID}">(.*?)</script>`, 's'));
  if (!m?.[1]) throw new Error('the page has no boot payload');
  return BootPayload.parse(JSON.parse(m[1]));
}

const PLAN_MANIFEST = {
  name: 'join_plan',
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [{ assets: { js: { sync: ['__federation_expose_Step.1a2b3c4d.js'], async: ['98.e5e55611.js'] }, css: { sync: ['__federation_expose_Step.5e6f7a8b.css'], async: [] } } }],
};

/** Writes the host's page (`template`) and the plan remote's manifest into their build folders. */
function writeBuilds(hostDir: string, planDir: string, template: string): void {
  mkdirSync(hostDir, { recursive: true });
  writeFileSync(join(hostDir, 'index.html'), template);
  mkdirSync(planDir, { recursive: true });
  writeFileSync(join(planDir, 'mf-manifest.json'), JSON.stringify(PLAN_MANIFEST));
}

describe('the page carries its first screen (issue 27)', () => {
  const root = tempDir();
  const hostDir = join(root.path, 'host', 'dist');
  const planDir = join(root.path, 'mfe-plan', 'dist');
  let t: TestApp;

  beforeAll(async () => {
    writeBuilds(hostDir, planDir, '<!doctype html><html lang="en"><head><title>Join</title></head><body><div id="root"></div><script defer src="/main.3fa9c2d1.js"></script></body></html>');
    t = await createTestApp({ static: { hostDir, remoteDirs: { plan: planDir, number: join(root.path, 'mfe-number', 'dist') } } });
  });
  afterAll(async () => {
    await t.close();
    root.remove();
  });

  const page = (url = '/', headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it("answers the first screen's calls in the page, each as its route answers it", async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { answers = {} } = payloadOf(res.body);
    const session = await t.login();
    for (const [path, query, schema] of [
      ['/biz_config/app', undefined, BizConfigResponse],
      ['/translations', { container_id: 'web' }, TranslationsResponse],
      ['/products/available', { category: 'tourist' }, ProductsResponse],
    ] as const) {
      const key = bootAnswerKey(path, query, 'en');
      expect(answers).toHaveProperty([key]);
      const route = await t.app.inject({ method: 'GET', url: `/api${path}${query ? `?${new URLSearchParams(query)}` : ''}`, headers: { ...session.headers, language: 'en' } });
      expect(schema.parse(answers[key])).toEqual(schema.parse(route.json()));
    }
  });

  it('is in the language of its lang start parameter, English without one', async () => {
    const arPage = (await page('/?lang=ar')).body;
    // Right to left from the first paint: the direction set later moved the header (CLS).
    expect(arPage).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect((await page('/')).body).toMatch(/^<!doctype html><html lang="en">/);
    const ar = payloadOf(arPage).answers ?? {};
    expect((ar[bootAnswerKey('/translations', { container_id: 'web' }, 'ar')] as { language: string }).language).toBe('ar');
    expect(ar).toHaveProperty([bootAnswerKey('/products/available', { category: 'tourist' }, 'ar')]);
    expect(ar).not.toHaveProperty([bootAnswerKey('/translations', { container_id: 'web' }, 'en')]);
    // The business config is the same in either language: a visitor whose stored language differs from the page's gets it too.
    expect(ar).toHaveProperty([bootAnswerKey('/biz_config/app', undefined, 'en')]);
    const en = payloadOf((await page('/?lang=xx')).body).answers ?? {};
    expect(en).toHaveProperty([bootAnswerKey('/translations', { container_id: 'web' }, 'en')]);
  });

  it("carries the remotes list and the served remotes' manifests, and preloads the first step's first download", async () => {
    const res = await page();
    const payload = payloadOf(res.body);
    expect(payload.remotes).toEqual({ plan: '/mfe/plan/mf-manifest.json', number: '/mfe/number/mf-manifest.json' });
    // The number remote is not built here: no manifest for it (the client asks, and shows its fallback).
    expect(payload.manifests).toEqual({ plan: PLAN_MANIFEST });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="script" href="/mfe/plan/remoteEntry.js">');
    expect(head).toContain('<link rel="preload" as="script" href="/mfe/plan/__federation_expose_Step.1a2b3c4d.js">');
    // Not its styles: a failed style preload would fail the step's retry (boot-page.ts).
    expect(head).not.toContain('__federation_expose_Step.5e6f7a8b.css');
    expect(head).not.toContain('98.e5e55611.js');
    // The data block comes before the host's scripts, which read it.
    expect(res.body.indexOf(BOOT_PAYLOAD_ID)).toBeLessThan(res.body.indexOf('<script defer'));
  });

  it('answers a deep page link with the same page', async () => {
    const res = await page('/join/spotii-success?x=1');
    expect(res.statusCode).toBe(200);
    expect(payloadOf(res.body).remotes).toHaveProperty('plan');
  });

  it('is compressed as the browser accepts (brotli, then gzip)', async () => {
    const br = await page('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(payloadOf(brotliDecompressSync(br.rawPayload).toString()).answers).toBeDefined();
    const gz = await page('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(payloadOf(gunzipSync(gz.rawPayload).toString()).answers).toBeDefined();
  });

  it("writes every answer as it is, replacement patterns ($&, $', $`) included", async () => {
    const text = "Pay $& now, $' later, $` or $1";
    const html = await bootPage({ hostDir, remoteDirs: {}, manifests: {}, firstRemote: null, content: { answers: [async () => ({ key: text })] } }).render('en');
    expect(payloadOf(html).answers).toEqual({ key: text });
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('never lets a value close its script element', () => {
    const json = scriptSafeJson({ name: '</script><script>alert(1)</script>', line: '\u2028' });
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', line: '\u2028' });
  });
});

describe('a page whose business config fails', () => {
  const root = tempDir();
  const hostDir = join(root.path, 'host', 'dist');
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(hostDir, { recursive: true });
    writeFileSync(join(hostDir, 'index.html'), '<!doctype html><html><head></head><body><script defer src="/main.js"></script></body></html>');
    t = await createTestApp({ static: { hostDir, remoteDirs: {} }, failBizConfig: true });
  });
  afterAll(async () => {
    await t.close();
    root.remove();
  });

  it('leaves it out, so the client asks and shows the fatal screen of SPEC 4', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const { answers = {} } = payloadOf(res.body);
    expect(answers).not.toHaveProperty([bootAnswerKey('/biz_config/app', undefined, 'en')]);
    expect(answers).toHaveProperty([bootAnswerKey('/translations', { container_id: 'web' }, 'en')]);
  });
});

describe("the server's first screen in the page (issue 27)", () => {
  const root = tempDir();
  const hostDir = join(root.path, 'host', 'dist');
  const planDir = join(root.path, 'mfe-plan', 'dist');
  const calls = join(root.path, 'calls.log');
  let t: TestApp;

  /** A module's first-screen render (dist-server/first-screen.cjs) that logs each call. */
  const render = (dir: string, body: string) => {
    mkdirSync(join(dir, '..', 'dist-server'), { recursive: true });
    writeFileSync(
      join(dir, '..', 'dist-server', 'first-screen.cjs'),
      `const fs = require('node:fs');
       exports.renderFirstScreen = async ({ language, answers }) => {
         fs.appendFileSync(${JSON.stringify(calls)}, ${JSON.stringify(dir)} + ' ' + language + '\\n');
         const plans = answers[language + ' GET /products/available?category=tourist'];
         return ${body};
       };`,
    );
  };

  beforeAll(async () => {
    writeBuilds(hostDir, planDir, '<!doctype html><html lang="en"><head><title>Join</title><link rel="preload" as="style" href="/330.36784b3f.css"><link rel="preload" as="script" href="/main.3fa9c2d1.js"></head><body><div id="root"></div><script defer src="/main.3fa9c2d1.js"></script></body></html>');
    writeFileSync(join(hostDir, 'first-screen-gate.0a1b2c3d.js'), '');
    render(hostDir, "'<div class=\"shell\" lang=\"' + language + '\"><main>" + FIRST_SCREEN_SLOT + "</main></div>'");
    render(planDir, "'<section><h1>Plans</h1><p>' + plans.products.length + ' plans, $& kept</p></section>'");
    t = await createTestApp({ static: { hostDir, remoteDirs: { plan: planDir } } });
  });
  afterAll(async () => {
    await t.close();
    root.remove();
  });

  const page = async (url = '/') => (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
  const renders = () => (existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : []);

  it("holds the host's frame with the first step's page in its slot, from the page's own answers, before #root", async () => {
    const html = await page();
    const products = ProductsResponse.parse(payloadOf(html).answers?.[bootAnswerKey('/products/available', { category: 'tourist' }, 'en')]).products;
    expect(products.length).toBeGreaterThan(0);
    expect(html).toContain(`<div id="${FIRST_SCREEN_ID}"><div class="shell" lang="en"><main><section><h1>Plans</h1><p>${products.length} plans, $& kept</p></section></main></div></div><div id="root">`);
    expect(html).not.toContain(FIRST_SCREEN_SLOT);
  });

  it('paints from the HTML: its styles block rendering, the gate runs in the head and starts the scripts after the paint', async () => {
    const html = await page('/?lang=ar');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/330.36784b3f.css">');
    expect(head).toContain('<link rel="stylesheet" href="/mfe/plan/__federation_expose_Step.5e6f7a8b.css">');
    expect(head).not.toMatch(/rel="preload" as="style"/);
    // No script and no script preload of its own: the gate (the last thing in the head) starts
    // them once the screen is painted, the host's in order, the first step's fetched.
    expect(html).not.toMatch(/<script defer|rel="preload" as="script"/);
    expect(head).toMatch(
      /<script src="\/first-screen-gate\.0a1b2c3d\.js" data-scripts="\/main\.3fa9c2d1\.js" data-preloads="\/main\.3fa9c2d1\.js \/mfe\/plan\/remoteEntry\.js \/mfe\/plan\/__federation_expose_Step\.1a2b3c4d\.js"><\/script>$/,
    );
    expect(html).toContain('<div class="shell" lang="ar">');
    // The payload in the body, before the host's render reads it.
    expect(html.indexOf(BOOT_PAYLOAD_ID)).toBeGreaterThan(html.indexOf('</head>'));
  });

  it('is rendered once per language and set of answers', async () => {
    const before = renders().length;
    await Promise.all([page(), page('/?gclid=abc&utm_source=ad'), page('/?lang=ar'), page('/index.html')]);
    expect(renders().length).toBe(before);
  });

  it('is not in a page that opens elsewhere: a deep path or a start parameter', async () => {
    for (const url of ['/join/spotii-success', '/?product_code=7', '/?vip=gold', '/?is_retail=1&lang=ar']) {
      const html = await page(url);
      expect(html).not.toContain(FIRST_SCREEN_ID);
      expect(html).not.toContain('first-screen-gate');
      expect(html).toContain('<link rel="preload" as="script" href="/main.3fa9c2d1.js">');
    }
  });
});

describe('a module without its first-screen render, or one whose render fails', () => {
  const root = tempDir();
  const hostDir = join(root.path, 'host', 'dist');
  const planDir = join(root.path, 'mfe-plan', 'dist');
  afterAll(() => root.remove());

  it('leaves the page as the browser alone renders it, and says why in the log', async () => {
    writeBuilds(hostDir, planDir, '<!doctype html><html lang="en"><head></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>');
    writeFileSync(join(hostDir, 'first-screen-gate.0a1b2c3d.js'), '');
    mkdirSync(join(root.path, 'host', 'dist-server'), { recursive: true });
    writeFileSync(join(root.path, 'host', 'dist-server', 'first-screen.cjs'), `exports.renderFirstScreen = async () => '<main>${FIRST_SCREEN_SLOT}</main>';`);
    const errors: unknown[] = [];
    // No step render: none.
    expect(loadFirstScreen(hostDir, planDir, (e) => errors.push(e))).toBeNull();
    // A step render that throws: the page without it, the error logged.
    mkdirSync(join(root.path, 'mfe-plan', 'dist-server'), { recursive: true });
    writeFileSync(join(root.path, 'mfe-plan', 'dist-server', 'first-screen.cjs'), "exports.renderFirstScreen = async () => { throw new Error('no plans'); };");
    const firstScreen = loadFirstScreen(hostDir, planDir, (e) => errors.push(e));
    expect(firstScreen).not.toBeNull();
    const html = await bootPage({ hostDir, remoteDirs: { plan: planDir }, manifests: { plan: '/mfe/plan/mf-manifest.json' }, firstRemote: 'plan', content: { answers: [async () => ({ k: 1 })] }, firstScreen }).render('en', true);
    expect(html).not.toContain(FIRST_SCREEN_ID);
    expect(html).toContain('<div id="root"></div>');
    expect(errors).toEqual([expect.objectContaining({ message: 'no plans' })]);
  });
});

describe("a remote's remoteEntry in the page: named by its version, immutable at that address", () => {
  const root = tempDir();
  const hostDir = join(root.path, 'host', 'dist');
  const planDir = join(root.path, 'mfe-plan', 'dist');
  let t: TestApp;

  beforeAll(async () => {
    writeBuilds(hostDir, planDir, '<!doctype html><html lang="en"><head></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>');
    writeFileSync(join(planDir, 'remoteEntry.js'), 'self.join_plan = {};');
    // As the builds leave it: precompressed beside it (what a browser that accepts brotli is sent).
    writeFileSync(join(planDir, 'remoteEntry.js.br'), brotliCompressSync('self.join_plan = {};'));
    t = await createTestApp({ static: { hostDir, remoteDirs: { plan: planDir } } });
  });
  afterAll(async () => {
    await t.close();
    root.remove();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: url === '/' ? 'text/html' : '*/*' } });

  it('the page names it with its version and preloads that address; the address is immutable, any other revalidated', async () => {
    const html = (await get('/')).body;
    const manifest = payloadOf(html).manifests?.plan as typeof PLAN_MANIFEST;
    const name = manifest.metaData.remoteEntry.name;
    expect(name).toMatch(/^remoteEntry\.js\?v=[0-9a-f]{12}$/);
    expect(html).toContain(`<link rel="preload" as="script" href="/mfe/plan/${name}">`);
    for (const encoding of ['identity', 'br']) {
      const versioned = await t.app.inject({ method: 'GET', url: `/mfe/plan/${name}`, headers: { 'accept-encoding': encoding } });
      expect(versioned.statusCode).toBe(200);
      expect(versioned.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
      expect(versioned.headers['cache-control']).toMatch(/immutable/);
      // Never asked again: no validators, no range hint (bytes on every first download for nothing).
      expect([versioned.headers.etag, versioned.headers['last-modified'], versioned.headers['accept-ranges']]).toEqual([undefined, undefined, undefined]);
    }
    for (const url of ['/mfe/plan/remoteEntry.js', '/mfe/plan/remoteEntry.js?v=000000000000']) {
      const revalidated = await get(url);
      expect(revalidated.headers['cache-control']).toBe('no-cache');
      // Revalidated: it keeps its validator, so an unchanged file is a 304.
      expect(revalidated.headers.etag).toBeTruthy();
      expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(revalidated.headers.etag) } })).statusCode).toBe(304);
    }
    // A new build: a new version in the next page, and the old address is no longer immutable.
    writeFileSync(join(planDir, 'remoteEntry.js'), 'self.join_plan = { rebuilt: true };');
    const next = (payloadOf((await get('/')).body).manifests?.plan as typeof PLAN_MANIFEST).metaData.remoteEntry.name;
    expect(next).not.toBe(name);
    expect((await get(`/mfe/plan/${name}`)).headers['cache-control']).toBe('no-cache');
  });
});
