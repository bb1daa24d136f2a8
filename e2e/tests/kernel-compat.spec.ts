import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';

/**
 * Independent deploys: the number step is rebuilt as if against other kernel versions (the real
 * build with JOIN_KERNEL_VERSION, into e2e/.data) and served in place of the deployed one. A
 * remote built against the host's major and an older or equal minor works; one built against a
 * newer minor (it may use kernel exports this host lacks) or another major (the next, or the
 * previous one whose exports this kernel removed) is refused before any
 * of its code runs: the step's retryable panel, a console message naming both versions, and the
 * rest of the shell working.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const kernel = (JSON.parse(readFileSync(path.join(root, 'shared', 'package.json'), 'utf8')) as { version: string }).version;
const [major, minor] = kernel.split('.').map(Number) as [number, number];

function buildNumberRemote(kernelVersion: string): string {
  const out = path.join(root, 'e2e', '.data', `mfe-number-kernel-${kernelVersion}`);
  // Built every run (about 2 s): a variant left from an older checkout would test old code.
  execFileSync(path.join(root, 'mfe-number', 'node_modules', '.bin', 'rspack'), ['build'], {
    cwd: path.join(root, 'mfe-number'),
    env: { ...process.env, NODE_ENV: 'production', JOIN_KERNEL_VERSION: kernelVersion, JOIN_DIST_DIR: out },
    stdio: 'pipe',
  });
  return out;
}

/**
 * Serves the number remote from a variant build instead of the deployed one: its files, and its
 * manifest in the page's boot payload, where the server puts the manifest of each remote it serves.
 */
async function deployNumberRemote(page: Page, dist: string) {
  const manifest: unknown = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/(<script type="application\/json" id="join-boot">)(.*?)(<\/script>)/s, (_all, open: string, json: string, close: string) => {
        const payload = JSON.parse(json) as { manifests: Record<string, unknown> };
        payload.manifests.number = manifest;
        return `${open}${JSON.stringify(payload).replace(/</g, '\\u003c')}${close}`;
      });
      const headers = Object.fromEntries(Object.entries(res.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)));
      return route.fulfill({ status: res.status(), headers, body: html });
    },
  );
  await page.route('**/mfe/number/**', (route) => {
    const file = new URL(route.request().url()).pathname.replace(/^\/mfe\/number\//, '');
    return route.fulfill({ path: path.join(dist, file), headers: { 'cache-control': 'no-cache' } });
  });
}

async function openNumberStep(page: Page) {
  await page.goto('/');
  await new PlanStepPage(page).choose(0);
}

test(`a number step built against an older minor of kernel ${major}.x loads and works`, async ({ page }) => {
  const dist = buildNumberRemote(`${major}.0.0`);
  expect(JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')).shared).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: '@join/shared', requiredVersion: `^${major}.0.0` })]),
  );
  await deployNumberRemote(page, dist);
  await openNumberStep(page);
  await new ShellPage(page).expectStep('/number', 'Choose your number');
  await new NumberStepPage(page).expectOffer();
  expect(await page.evaluate(() => 'join_number' in window)).toBe(true); // its container ran
  expect(await page.evaluate(() => (window as unknown as { __JOIN_SHARED_INSTANCES__: number }).__JOIN_SHARED_INSTANCES__)).toBe(1);
});

for (const [what, version] of [
  ['a newer minor', `${major}.${minor + 1}.0`],
  ['the next major', `${major + 1}.0.0`],
  // A release of the previous major (2.8.0 for kernel 3): a remote built before the
  // kernel last removed or moved exports.
  ['the previous major', `${major - 1}.8.0`],
] as const) {
  test(`a number step built against ${what} of the kernel (${version}) is refused with the retryable panel`, async ({ page }) => {
    const dist = buildNumberRemote(version);
    await deployNumberRemote(page, dist);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await openNumberStep(page);
    const shell = new ShellPage(page);
    await shell.expectStep('/number', 'This step could not be loaded');
    await expect(page.getByRole('alert')).toHaveText(/This step is being updated/);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(errors.join('\n')).toContain(`built for kernel ^${version}; this page runs kernel ${kernel}`);
    // None of the refused remote's code ran (its files may sit in the cache, prefetched): its
    // container never registered itself, and the page still holds one kernel.
    expect(await page.evaluate(() => 'join_number' in window)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { __JOIN_SHARED_INSTANCES__: number }).__JOIN_SHARED_INSTANCES__)).toBe(1);
    // The shell keeps working: the cart shows the plan chosen before.
    await shell.cartButton().click();
    await expect(shell.dialog(/your selection/i)).toBeVisible();
    await shell.expectAccessible(`the refused ${what} panel`);
  });
}
