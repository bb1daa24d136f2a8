import { firstDownloadOf, prefetchStep } from '../remotes';

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
