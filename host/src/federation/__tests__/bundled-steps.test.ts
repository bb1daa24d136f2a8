import { MODULES } from '@join/shared';
import { hasRemote, loadStepModule, preloadedByPage, prefetchStep } from '../bundled-steps';

/**
 * The single bundle's step loader (the per-step benchmark's "one bundle"): the steps are imports
 * of the host's own build, and the page names each step's files (tools/single-bundle.mjs).
 */
function NumberStep() {
  return null;
}
jest.mock('join-bundled-step/number', () => ({ __esModule: true, default: NumberStep }), { virtual: true });
jest.mock('join-bundled-step/payment', () => ({ __esModule: true, default: 'not a component' }), { virtual: true });

function pageNames(files: Record<string, string[]>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'join-step-chunks';
  script.textContent = JSON.stringify(files);
  document.head.appendChild(script);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the steps of the single bundle', () => {
  it('has every step module of the registry and no other', async () => {
    expect(MODULES.length).toBeGreaterThan(0);
    for (const { name } of MODULES) await expect(hasRemote(name)).resolves.toBe(true);
    await expect(hasRemote('loyalty')).resolves.toBe(false);
  });

  it("loads a step's component, and refuses a module without one", async () => {
    await expect(loadStepModule('number')).resolves.toMatchObject({ default: NumberStep });
    await expect(loadStepModule('payment')).rejects.toThrow('the payment step has no default component');
    await expect(loadStepModule('loyalty')).rejects.toThrow('loyalty is not a step of this bundle');
  });

  it("prefetches the next step's files the page names, once, running none of them", async () => {
    pageNames({ number: ['/step-number.1.js', '/step-number.2.css'] });
    await prefetchStep('number');
    await prefetchStep('number');
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => [l.href, l.as]);
    expect(links).toEqual([
      ['http://localhost/step-number.1.js', 'script'],
      ['http://localhost/step-number.2.css', 'style'],
    ]);
    expect(document.querySelectorAll('script:not([type="application/json"])')).toHaveLength(0);
  });

  it("knows the first step's files were preloaded by the page (a failed preload is retried by a reload)", async () => {
    pageNames({ plan: ['/step-plan.1.js'], number: ['/step-number.1.js'] });
    const preload = document.createElement('link');
    preload.rel = 'preload';
    preload.href = '/step-plan.1.js';
    document.head.appendChild(preload);
    await expect(preloadedByPage('plan')).resolves.toBe(true);
    await expect(preloadedByPage('number')).resolves.toBe(false);
  });
});
