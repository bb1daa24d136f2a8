import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { createTestApp, tempDir, type TestApp } from '../../../testing/harness';

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self'; img-src 'self' data: blob:; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
// On documents only (it means nothing elsewhere); same-origin-allow-popups: the sign-in popup
// answers through window.opener.
/** The WebAssembly header and an empty module: what a .wasm file starts with. */
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const COOP = { 'cross-origin-opener-policy': 'same-origin-allow-popups' };
/** With the opener policy, the headers only a document's response means anything on. */
const DOCUMENT_ONLY = { ...COOP, 'x-frame-options': 'DENY', 'permissions-policy': 'camera=(self), geolocation=(self), microphone=()' };

describe('static files, remotes and security headers', () => {
  const root = tempDir();
  const hostDir = join(root.path, 'host', 'dist');
  const planDir = join(root.path, 'mfe-plan', 'dist');
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(join(hostDir, 'static'), { recursive: true });
    writeFileSync(join(hostDir, 'index.html'), '<!doctype html><html lang="en"><title>Join</title></html>');
    writeFileSync(join(hostDir, 'static', 'main.3fa9c2d1.js'), 'console.log(1)');
    mkdirSync(planDir, { recursive: true });
    writeFileSync(join(planDir, 'mf-manifest.json'), '{"name":"plan"}');
    writeFileSync(join(planDir, 'remoteEntry.js'), 'var plan;');
    // The face scan's assets as the identity remote's build writes them (mfe-identity/rspack.config.mjs).
    writeFileSync(join(planDir, 'blazeface.3c560e91.json'), '{"modelTopology":{}}');
    writeFileSync(join(planDir, 'blazeface.dc9a97fd.bin'), Buffer.from([1, 2, 3, 4]));
    writeFileSync(join(planDir, 'tfjs-backend-wasm-simd.77ebb28a.wasm'), WASM);
    writeFileSync(join(planDir, 'tfjs-backend-wasm-simd.77ebb28a.wasm.br'), brotliCompressSync(WASM));
    t = await createTestApp({
      static: { hostDir, remoteDirs: { plan: planDir, number: join(root.path, 'mfe-number', 'dist') } },
    });
  });
  afterAll(async () => {
    await t.close();
    root.remove();
  });

  const get = (url: string, accept = '*/*') => t.app.inject({ method: 'GET', url, headers: { accept } });

  it('puts the security headers on an API answer, a 404, an error and a static file', async () => {
    const v = await t.login();
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/me/flow_status', headers: v.headers }),
      await get('/api/nothing-here'),
      await t.app.inject({ method: 'GET', url: '/api/numbers' }), // 400: no headers
      await get('/static/main.3fa9c2d1.js'),
      await get('/', 'text/html'),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 400, 200, 200]);
    for (const res of responses) expect(res.headers).toMatchObject(SECURITY_HEADERS);
    // the document-only headers on the document, and not on the answers that are no document
    expect(responses.at(-1)?.headers).toMatchObject(DOCUMENT_ONLY);
    for (const res of responses.slice(0, -1)) for (const name of Object.keys(DOCUMENT_ONLY)) expect(res.headers[name]).toBeUndefined();
  });

  it('answers a malformed URL with the usual 400 body and headers', async () => {
    const res = await get('/api/numbers/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request' });
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
  });

  it('serves index.html never stored (nor kept in the back/forward cache) and hashed assets for a year', async () => {
    const index = await get('/', 'text/html');
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.headers['cache-control']).toBe('no-store');
    expect(index.body).toContain('<title>Join</title>');
    expect((await get('/static/main.3fa9c2d1.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a remote with CORS and its unhashed manifest uncached', async () => {
    const manifest = await get('/mfe/plan/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await get('/mfe/plan/remoteEntry.js')).headers['access-control-allow-origin']).toBe('*');
  });

  it("serves the face scan's model and WebAssembly with their types, cached for a year, the .wasm compressed", async () => {
    const types: Record<string, RegExp> = {
      'blazeface.3c560e91.json': /^application\/json/,
      'blazeface.dc9a97fd.bin': /^application\/octet-stream/,
      'tfjs-backend-wasm-simd.77ebb28a.wasm': /^application\/wasm$/,
    };
    for (const [file, type] of Object.entries(types)) {
      const res = await get(`/mfe/plan/${file}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    // WebAssembly.instantiateStreaming needs application/wasm, also on the precompressed copy.
    const br = await t.app.inject({ method: 'GET', url: '/mfe/plan/tfjs-backend-wasm-simd.77ebb28a.wasm', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/wasm');
    expect(brotliDecompressSync(br.rawPayload)).toEqual(WASM);
  });

  it('answers a remote that is not built with a JSON 404, not the host page', async () => {
    const res = await get('/mfe/number/mf-manifest.json', 'text/html');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves remotes.json uncached', async () => {
    const res = await get('/remotes.json');
    expect(res.json()).toEqual({ plan: '/mfe/plan/mf-manifest.json', number: '/mfe/number/mf-manifest.json' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a deep page link with the host page', async () => {
    const res = await get('/join/spotii-success?x=1', 'text/html,application/xhtml+xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Join</title>');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
  });

  it('does not answer a missing file or a non-HTML request with the host page', async () => {
    expect((await get('/static/missing.js', 'text/html')).statusCode).toBe(404);
    expect((await get('/join/spotii-success', 'application/json')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/join/x', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });
});

describe('remote origins in the CSP', () => {
  it('allows the origins of remotes deployed elsewhere', async () => {
    const root = tempDir();
    const t = await createTestApp({
      static: { hostDir: join(root.path, 'missing-host'), remoteDirs: {} },
      remoteOverrides: { plan: 'https://plan.example.com/v2/mf-manifest.json', number: '/mfe/number/mf-manifest.json' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.json()).toEqual({ plan: 'https://plan.example.com/v2/mf-manifest.json', number: '/mfe/number/mf-manifest.json' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://plan.example.com 'wasm-unsafe-eval';");
    expect(csp).toContain("connect-src 'self' https://plan.example.com wss://plan.example.com;");
    // 'wasm-unsafe-eval' (WebAssembly only) is there; the keywords that open scripts up are not.
    expect(csp).not.toMatch(/'unsafe-(inline|eval|hashes)'/);
    // With no host built, a page navigation is an ordinary 404.
    expect((await t.app.inject({ method: 'GET', url: '/join/x', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    await t.close();
    root.remove();
  });
});
