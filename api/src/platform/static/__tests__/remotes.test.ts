import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentSecurityPolicy } from '../../http/security-headers';
import { BUNDLED_STEPS_FILE, RemoteManifests, remoteManifests, remoteOrigins, remotesBundledBy } from '../remotes';
import { cacheControlFor } from '../static-files';

describe('remotes table', () => {
  it('points served remotes at this origin and lets overrides win', () => {
    expect(remoteManifests(['plan', 'number'], { number: 'https://n.example.com/mf-manifest.json' })).toEqual({
      plan: '/mfe/plan/mf-manifest.json',
      number: 'https://n.example.com/mf-manifest.json',
    });
  });

  it('collects distinct origins of absolute manifest URLs only', () => {
    expect(
      remoteOrigins({
        a: 'https://cdn.example.com/a/mf-manifest.json',
        b: 'https://cdn.example.com/b/mf-manifest.json',
        c: 'http://localhost:3002/mf-manifest.json',
        d: '/mfe/d/mf-manifest.json',
      }),
    ).toEqual(['http://localhost:3002', 'https://cdn.example.com']);
  });

  it('accepts paths and http(s) URLs only', () => {
    expect(RemoteManifests.safeParse({ plan: '/mfe/plan/mf-manifest.json' }).success).toBe(true);
    expect(RemoteManifests.safeParse({ plan: 'http://localhost:3001/mf-manifest.json' }).success).toBe(true);
    for (const bad of ['//evil.example.com/x', 'javascript:alert(1)', 'https://x.example.com;script-src/m.json', 'ftp://x']) {
      expect(RemoteManifests.safeParse({ plan: bad }).success).toBe(false);
    }
    expect(RemoteManifests.safeParse({ 'Bad Name': '/x' }).success).toBe(false);
  });

  it('builds a CSP without unsafe sources', () => {
    expect(contentSecurityPolicy(['https://cdn.example.com'])).toBe(
      "default-src 'self'; script-src 'self' https://cdn.example.com 'wasm-unsafe-eval'; style-src 'self' https://cdn.example.com; connect-src 'self' https://cdn.example.com wss://cdn.example.com; img-src 'self' data: blob:; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('lets images load from object URLs (the identity step previews a photo before it is sent), and nothing else from blob:', () => {
    const directives = contentSecurityPolicy(['https://cdn.example.com'], { frameOrigins: ['https://cards.example.com'] })
      .split('; ')
      .map((d) => d.split(' '));
    expect(directives.find(([name]) => name === 'img-src')).toEqual(['img-src', "'self'", 'data:', 'blob:']);
    expect(directives.filter((d) => d.includes('blob:')).map(([name]) => name)).toEqual(['img-src']);
    expect(directives.filter((d) => d.includes('data:')).map(([name]) => name)).toEqual(['img-src']);
  });

  it('caches only hashed assets for long', () => {
    expect(cacheControlFor('/x/main.3fa9c2d1.js')).toMatch(/immutable/);
    expect(cacheControlFor('/x/160.01153bf4.js.map')).toMatch(/immutable/);
    expect(cacheControlFor('/x/logo.svg')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/x/index.html')).toBe('no-store');
  });
});

describe('remotes a host build carries itself', () => {
  const dir = mkdtempSync(join(tmpdir(), 'join-host-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are none for a host without bundled-steps.json (the product\'s own build)', () => {
    expect(remotesBundledBy(dir)).toEqual([]);
  });

  it('are the ones its bundled-steps.json names; a malformed list stops the server', () => {
    writeFileSync(join(dir, BUNDLED_STEPS_FILE), JSON.stringify(['plan', 'number']));
    expect(remotesBundledBy(dir)).toEqual(['plan', 'number']);
    writeFileSync(join(dir, BUNDLED_STEPS_FILE), JSON.stringify(['Not A Name']));
    expect(() => remotesBundledBy(dir)).toThrow();
  });
});
