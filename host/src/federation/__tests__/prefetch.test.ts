import { firstDownloadOf } from '@join/shared';
import { loadRemotesList, manifestOf, prefetchStep, resetRemotes } from '../remotes';
import { bootPayload, resetBootPayload } from '../../start/boot-payload';

const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [{ assets: { js: { sync: ['__federation_expose_Step.1.js'], async: ['92.a.js'] }, css: { sync: ['__federation_expose_Step.2.css'], async: [] } } }],
};

describe('prefetching the next step', () => {
  it("names the remote's first download from its manifest, next to the manifest", () => {
    expect(firstDownloadOf(manifest, 'http://shop.test/mfe/number/mf-manifest.json')).toEqual([
      'http://shop.test/mfe/number/remoteEntry.js',
      'http://shop.test/mfe/number/__federation_expose_Step.1.js',
      'http://shop.test/mfe/number/__federation_expose_Step.2.css',
    ]);
  });

  it('puts those files in the cache with prefetch links, running none of them, once per step', async () => {
    global.fetch = jest.fn(async (url: RequestInfo | URL) =>
      String(url).endsWith('/remotes.json')
        ? ({ ok: true, json: async () => ({ number: '/mfe/number/mf-manifest.json' }) } as Response)
        : ({ ok: true, json: async () => manifest } as Response),
    ) as typeof fetch;
    await prefetchStep('number');
    await prefetchStep('number');
    const links = [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => (l as HTMLLinkElement).href);
    expect(links).toEqual([
      'http://localhost/mfe/number/remoteEntry.js',
      'http://localhost/mfe/number/__federation_expose_Step.1.js',
      'http://localhost/mfe/number/__federation_expose_Step.2.css',
    ]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});

describe("the page's boot payload", () => {
  beforeEach(() => {
    resetRemotes();
    resetBootPayload();
  });
  afterEach(() => {
    document.getElementById('join-boot')?.remove();
    resetBootPayload();
  });

  it("reads the remotes list and a served remote's manifest from the page: no request for either", async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'join-boot';
    script.textContent = JSON.stringify({ remotes: { delivery: '/mfe/delivery/mf-manifest.json' }, manifests: { delivery: manifest } });
    document.body.appendChild(script);
    global.fetch = jest.fn(async () => {
      throw new Error('nothing should be fetched');
    }) as typeof fetch;
    expect(await loadRemotesList('/not-asked.json')).toEqual({ delivery: '/mfe/delivery/mf-manifest.json' });
    expect(await manifestOf('delivery', 'http://localhost/mfe/delivery/mf-manifest.json')).toEqual(manifest);
    await prefetchStep('delivery');
    expect([...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => (l as HTMLLinkElement).href)).toContain('http://localhost/mfe/delivery/remoteEntry.js');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('asks for a manifest once however many read it, and again on a retry', async () => {
    const fetchImpl = jest.fn(async () => ({ ok: true, json: async () => manifest }) as unknown as Response);
    await Promise.all([manifestOf('payment', '/m.json', false, fetchImpl), manifestOf('payment', '/m.json', false, fetchImpl)]);
    await manifestOf('payment', '/m.json', false, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await manifestOf('payment', '/m.json', true, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('is empty when the page carries none or a malformed one', () => {
    expect(bootPayload()).toEqual({});
    resetBootPayload();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'join-boot';
    script.textContent = '{"remotes": 5';
    document.body.appendChild(script);
    expect(bootPayload()).toEqual({});
  });
});
