import { expect, test, type Page } from '@playwright/test';
import { OPS_TOKEN } from '../playwright.config';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';

/**
 * The first-party collector (issue 28, part 3): a visitor who says yes to analytics sends beacons
 * (the steps reached, the web vitals of each step, the pop-ups) and the operator's summary counts
 * them; a visitor who said no sends none, and the page does not even download the sender.
 */
type Entry = { type: string; step?: string; metric?: string; navigationType?: string };

/**
 * Every beacon batch the page sends, every script of the sender's chunk it downloads, and the
 * server's answer to each batch (`stored()`: every batch sent so far answered, so stored: the
 * route answers 204 once it has written the batch). The summary is read after that, not merely
 * after the page sent its batches: served by several instances (E2E_SCALED), the summary's
 * request can reach another instance and be answered before the batch's instance has written it.
 */
function watch(page: Page) {
  const entries: Entry[] = [];
  const senderChunks: string[] = [];
  const answers: Promise<unknown>[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/collect') {
      entries.push(...(JSON.parse(r.postData() ?? '{}') as { entries: Entry[] }).entries);
      answers.push(r.response().then((response) => response?.status()));
    }
    if (/^\/measurement\.[0-9a-f]+\.js$/.test(path)) senderChunks.push(path);
  });
  const stored = async () => expect(await Promise.all(answers)).toEqual(answers.map(() => 204));
  return { entries, senderChunks, stored };
}

/** Plan, then number: a plan chosen, a number taken (two steps, each with an interaction). */
async function walkTwoSteps(page: Page) {
  const shell = new ShellPage(page);
  await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');
  const numbers = new NumberStepPage(page);
  await numbers.expectOffer();
  await numbers.take();
  await shell.expectStep('/number/confirmation', 'Confirm your number');
}

test.describe('a visitor who accepts analytics', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('sends the steps and their vitals; the operator’s summary counts them', async ({ page, request }) => {
    const { entries, senderChunks, stored } = watch(page);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Your privacy choices' });
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => senderChunks.length).toBe(1);
    await walkTwoSteps(page);
    // Leaving the page sends what waits at once (keepalive), without the few seconds' wait.
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await expect.poll(() => entries.filter((e) => e.type === 'step_view').map((e) => e.step)).toEqual(['plan', 'number']);
    await expect.poll(() => entries.some((e) => e.type === 'vital' && e.step === 'plan' && e.metric === 'LCP')).toBe(true);
    // Chromium reports soft navigations (151 and later): the number step, reached inside the page, is
    // its own navigation, its vitals final once the visitor moved on ("Take this number").
    await expect.poll(() => entries.some((e) => e.type === 'vital' && e.step === 'number' && e.navigationType === 'soft-navigation')).toBe(true);
    // Nothing identifying in any entry: no URL, no number, no e-mail.
    expect(JSON.stringify(entries)).not.toMatch(/https?:|058\d{7}|@/);

    await stored();

    const today = new Date().toISOString().slice(0, 10);
    const res = await request.get(`/api/ops/summary.json?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(res.status()).toBe(200);
    const summary = (await res.json()) as { funnel: { step: string; visitors: number }[]; vitals: { step: string; metric: string; samples: number }[] };
    const visitors = Object.fromEntries(summary.funnel.map((f) => [f.step, f.visitors]));
    expect(visitors.plan).toBeGreaterThanOrEqual(1);
    expect(visitors.number).toBeGreaterThanOrEqual(1);
    expect(summary.vitals).toContainEqual(expect.objectContaining({ step: 'plan', metric: 'LCP' }));
    // Without the credential the figures stay the operator's.
    expect((await request.get(`/api/ops/summary.json?from=${today}&to=${today}`)).status()).toBe(401);
  });
});

test('a visitor who said "Necessary only" sends no beacon and never downloads the sender', async ({ page }) => {
  // The suite's stored answer: analytics false (playwright.config.ts ANSWERED_CONSENT).
  const { entries, senderChunks } = watch(page);
  await page.goto('/');
  await walkTwoSteps(page);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await page.reload();
  await new ShellPage(page).expectStep('/number/confirmation', 'Confirm your number');
  expect(entries).toEqual([]);
  expect(senderChunks).toEqual([]);
});
