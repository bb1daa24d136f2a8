import { expect, test, type Page } from '@playwright/test';
import { escapeRegExp, TOURIST_CODES } from './pages/plan-step';
import { holdBack } from './pages/hold-back';

/**
 * The server's first screen (issue 27): a phone paints the plan cards from the page itself, before
 * any script; the page's own render takes its place without a move; nothing pressed meanwhile is
 * lost; a page that will open elsewhere never shows it.
 */
const HEADING = { en: 'Choose your plan', ar: 'اختر باقتك' } as const;
const SERVER_SCREEN = '#join-first-screen';

for (const language of ['en', 'ar'] as const) {
  test(`a phone paints the plans from the page itself, before any script (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/?lang=${language}`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: HEADING[language] })).toBeVisible();
    await expect(page.locator(`${SERVER_SCREEN} .plan-card`)).toHaveCount(TOURIST_CODES.length);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    // The shell's frame around it: header, the stepper at step 1.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator(`${SERVER_SCREEN} [aria-current="step"]`)).toHaveCount(1);
    await context.close();
  });

  test(`the page's own render takes its place: nothing moves, one copy, focus on the heading (${language})`, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number; __copies: number };
      w.__shift = 0;
      w.__copies = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__shift += (e as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
      // The most headings the document ever held at once (the page's render is held out of it).
      new MutationObserver(() => (w.__copies = Math.max(w.__copies, document.querySelectorAll('[data-step-heading]').length))).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/?lang=${language}`);
    await expect(page.locator(SERVER_SCREEN)).toHaveCount(0);
    await expect(page.locator('#root .plan-card')).toHaveCount(TOURIST_CODES.length);
    await expect(page.getByRole('heading', { level: 1, name: HEADING[language] })).toBeFocused();
    const { shift, copies } = await page.evaluate(() => {
      const w = window as unknown as { __shift: number; __copies: number };
      return { shift: w.__shift, copies: w.__copies };
    });
    expect(shift).toBe(0);
    expect(copies).toBe(1);
  });
}

test('a plan chosen on the server’s screen, before any of the page’s scripts ran, opens its review', async ({ page }) => {
  // The host's first script is held back: nothing of the page runs but the first-screen gate.
  const release = await holdBack(page, '**/main.*.js');
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const card = page.locator(`${SERVER_SCREEN} .plan-card`).nth(1);
  const name = (await card.locator('h2, h3').first().textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await card.getByRole('button', { name: /Choose this plan/ }).click();
  await expect(page.locator(SERVER_SCREEN)).toHaveCount(1);
  release();
  await expect(page.locator(SERVER_SCREEN)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`Your plan: ${escapeRegExp(name)}`) })).toBeVisible();
});

/**
 * The page's own render, watched while it is held out of the document: `__renderReady` once its
 * plan cards are in and nothing in it is busy (it then takes the server's screen's place).
 */
async function watchRender(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __renderReady: boolean };
    w.__renderReady = false;
    const found = new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root) return;
      found.disconnect();
      const ready = () => root.querySelector('.plan-card button') !== null && root.querySelector('[aria-busy="true"]') === null;
      new MutationObserver(() => (w.__renderReady ||= ready())).observe(root, { subtree: true, childList: true, attributes: true });
    });
    found.observe(document, { childList: true, subtree: true });
  });
}

const renderReady = (page: Page) => page.waitForFunction(() => (window as unknown as { __renderReady: boolean }).__renderReady);

test('a visitor who scrolled down the server’s screen stays there when the page’s render takes its place', async ({ page }) => {
  // The shell's focus on the step heading found the server's heading and scrolled it into view:
  // the page jumped to the top under the visitor's finger, and a press meant for a plan landed elsewhere.
  await watchRender(page);
  const release = await holdBack(page, '**/main.*.js');
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => window.scrollTo(0, 400));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBe(400);
  release();
  await renderReady(page);
  await expect(page.locator(SERVER_SCREEN)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: HEADING.en })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('a press held on the server’s screen while the page’s render gets ready is not lost: the swap waits for its release', async ({ page }) => {
  // A mouse press whose down and up fell either side of the swap was no click at all (the browser
  // clicks nothing when the pressed element left the document): the plan did not open.
  await watchRender(page);
  const release = await holdBack(page, '**/main.*.js');
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const card = page.locator(`${SERVER_SCREEN} .plan-card`).nth(0);
  const name = ((await card.locator('h2, h3').first().textContent()) ?? '').trim();
  const button = card.getByRole('button', { name: /Choose this plan/ });
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  await renderReady(page);
  // The render is ready (without a held press it takes the screen's place at once): a moment more.
  await page.waitForTimeout(1_000);
  await expect(page.locator(SERVER_SCREEN)).toHaveCount(1);
  await page.mouse.up();
  await expect(page.locator(SERVER_SCREEN)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`Your plan: ${escapeRegExp(name)}`) })).toBeVisible();
});

test('a returning visitor never sees it: the gate hides it before its first paint, and the page opens as before', async ({ page }) => {
  // A stored session (here one the server no longer knows: start-up recovers it, SPEC 4).
  await page.addInitScript(() => {
    localStorage.setItem('join.session.v1', JSON.stringify({ deviceId: 'first-screen-returning-0001', sessionId: 'a-session-long-gone', uid: null, language: 'en' }));
  });
  const release = await holdBack(page, '**/main.*.js');
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-first-screen', 'off');
  await expect(page.locator(SERVER_SCREEN)).toBeHidden();
  release();
  await expect(page.getByRole('heading', { level: 1, name: HEADING.en })).toBeVisible();
  await expect(page.locator(SERVER_SCREEN)).toHaveCount(0);
});

test('a page that opens elsewhere has none: a deep link and a start parameter', async ({ page }) => {
  for (const url of ['/?product_code=187', '/join/spotii-success']) {
    const html = await (await page.request.get(url, { headers: { accept: 'text/html' } })).text();
    expect(html, url).not.toContain('id="join-first-screen"');
  }
});
