import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { reachNumberOffer } from './pages/number-step';

/** Composition at run time: one copy of each singleton, and failure containment per remote. */
test('the page holds exactly one React, router, jotai, zod, query client and kernel (its core, React layer and UI primitives)', async ({ page }) => {
  await reachNumberOffer(page);
  // Both remotes are now loaded. @join/shared counts its own evaluations.
  expect(await page.evaluate(() => (window as unknown as { __JOIN_SHARED_INSTANCES__: number }).__JOIN_SHARED_INSTANCES__)).toBe(1);
  // The federation share scope: each singleton resolved to one loaded version.
  const loaded = await page.evaluate(() => {
    type Share = Record<string, Record<string, Record<string, { loaded?: boolean; lib?: unknown; useIn?: string[] }>>>;
    const fed = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Share> } }).__FEDERATION__;
    const out: Record<string, number> = {};
    for (const instance of Object.values(fed.__SHARE__)) {
      for (const scope of Object.values(instance)) {
        for (const [pkg, versions] of Object.entries(scope)) {
          const n = Object.values(versions).filter((v) => v.loaded || v.lib).length;
          out[pkg] = Math.max(out[pkg] ?? 0, n);
        }
      }
    }
    return out;
  });
  // The kernel's three entries (core, React layer, UI primitives) are three singletons of one version.
  for (const pkg of ['react', 'react-dom', 'react-router-dom', 'jotai', 'zod', '@tanstack/react-query', '@join/shared', '@join/shared/react', '@join/shared/ui']) {
    expect(loaded[pkg], `${pkg} loaded versions`).toBe(1);
  }
  // The remotes really came from their own folders, each described by its manifest, which the
  // page carried (the server writes the manifests of the remotes it serves into it): none fetched.
  const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  expect(fetched).toEqual(expect.arrayContaining(['/mfe/plan/remoteEntry.js', '/mfe/number/remoteEntry.js']));
  expect(fetched.filter((p) => p.endsWith('mf-manifest.json'))).toEqual([]);
});

for (const remote of ['plan', 'number'] as const) {
  test(`when the ${remote} remote cannot load, the shell survives and recovers on retry`, async ({ page }) => {
    const shell = new ShellPage(page);
    // Every file of the remote (its entry, its chunks; its manifest came with the page).
    const files = `**/mfe/${remote}/**`;
    await page.route(files, (route) => route.abort('connectionrefused'));
    await page.goto(remote === 'plan' ? '/#/plan-selection' : '/#/number');
    await expect(shell.heading()).toHaveText('This step could not be loaded');
    await expect(page.getByRole('alert').filter({ hasText: 'Check your connection' })).toBeVisible();
    // header and footer keep working
    await expect(page.getByRole('banner')).toBeVisible();
    await shell.footerButton('Help').click();
    await expect(shell.dialog('Help')).toBeVisible();
    await shell.dialog('Help').getByRole('button', { name: 'Close', exact: true }).first().click();
    await shell.expectAccessible(`${remote} remote down`);
    // the remote comes back: retry loads it
    await page.unroute(files);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(shell.heading()).toHaveText(remote === 'plan' ? 'Choose your plan' : 'Choose your number');
  });
}
