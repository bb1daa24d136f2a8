import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ShellPage } from './pages/shell';

/**
 * The living style guide (shared/README.md): a development page, built by the host's dev server
 * or with JOIN_STYLEGUIDE=1 and never by the production build. Here the host is built that way
 * into e2e/.data (as a developer would) and its pages are served in place of the deployed
 * host, under the product's own security headers; the page must show every primitive in an
 * English LTR pane and an Arabic RTL pane, work with the keyboard and pass axe.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const dist = path.join(root, 'e2e', '.data', 'host-styleguide');

const SECTIONS = ['tokens', 'field', 'select', 'radio-cards', 'checkbox', 'button', 'card', 'badge', 'alert', 'skeleton', 'price', 'phone-number', 'sheet', 'stepper', 'dialog'] as const;
const PANES = [
  { lang: 'en', dir: 'ltr', close: 'Close', open: 'Open the dialog', title: 'Need help?' },
  { lang: 'ar', dir: 'rtl', close: 'إغلاق', open: 'افتح النافذة', title: 'هل تحتاج إلى مساعدة؟' },
] as const;

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  // Built every run (a few seconds): a page left from an older checkout would test old code.
  execFileSync(path.join(root, 'host', 'node_modules', '.bin', 'rspack'), ['build'], {
    cwd: path.join(root, 'host'),
    env: { ...process.env, NODE_ENV: 'production', JOIN_STYLEGUIDE: '1', JOIN_DIST_DIR: dist },
    stdio: 'pipe',
  });
});

async function openStyleGuide(page: Page) {
  // The product's own headers (its CSP: no inline script or style) on the style guide's files.
  const product = await page.request.get('/');
  const csp = product.headers()['content-security-policy']!;
  await page.route(/^http:\/\/127\.0\.0\.1:\d+\/(?!api\/)/, (route) => {
    const file = new URL(route.request().url()).pathname.replace(/^\//, '') || 'index.html';
    const full = path.join(dist, file);
    if (!existsSync(full)) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ path: full, headers: { 'content-security-policy': csp, 'cache-control': 'no-cache' } });
  });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto('/styleguide.html');
  await expect(page.getByRole('heading', { level: 1, name: 'Tourist SIM design system' })).toBeVisible();
  return problems;
}

const pane = (page: Page, section: string, lang: string): Locator => page.locator(`[data-section="${section}"] [data-pane="${lang}"]`);

test('the production build has no style guide: not served, not in the first download', async ({ page }) => {
  const res = await page.request.get('/styleguide.html');
  expect(res.status()).toBe(404);
  const index = await (await page.request.get('/')).text();
  expect(index).not.toMatch(/styleguide/i);
  // The development build does have it, as its own page with its own script.
  expect(existsSync(path.join(dist, 'styleguide.html'))).toBe(true);
});

test('shows every primitive in an English LTR pane and an Arabic RTL pane, under the product CSP', async ({ page }) => {
  const problems = await openStyleGuide(page);
  await expect(page).toHaveTitle('Style guide | Tourist SIM');
  for (const id of SECTIONS) {
    await expect(page.locator(`[data-section="${id}"]`)).toHaveCount(1);
    for (const p of PANES) {
      const box = pane(page, id, p.lang);
      await expect(box, `${id} in ${p.lang}`).toHaveAttribute('dir', p.dir);
      await expect(box).toHaveAttribute('lang', p.lang);
    }
  }
  for (const p of PANES) {
    // Field: label, hint, an announced error with its icon tied to the input.
    const field = pane(page, 'field', p.lang);
    await expect(field.getByRole('textbox')).toHaveCount(3);
    const invalid = field.locator('input[aria-invalid="true"]');
    await expect(invalid).toHaveCount(1);
    await expect(field.getByRole('alert').locator('svg')).toHaveCount(1);
    const errorText = (await field.getByRole('alert').textContent())!;
    await expect(invalid).toHaveAccessibleDescription(new RegExp(errorText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'));
    // Select, checkbox, radio cards, buttons, cards, badges, alerts, skeletons.
    await expect(pane(page, 'select', p.lang).getByRole('combobox')).toHaveCount(2);
    await expect(pane(page, 'radio-cards', p.lang).getByRole('radiogroup')).toHaveCount(2);
    await expect(pane(page, 'radio-cards', p.lang).getByRole('radio')).toHaveCount(6);
    await expect(pane(page, 'checkbox', p.lang).getByRole('checkbox')).toHaveCount(4);
    const buttons = pane(page, 'button', p.lang);
    await expect(buttons.locator('.btn--primary')).not.toHaveCount(0);
    await expect(buttons.locator('.btn--secondary')).not.toHaveCount(0);
    await expect(buttons.locator('.btn--link')).toHaveCount(1);
    await expect(buttons.locator('[aria-busy="true"] .btn__spinner')).toHaveCount(2);
    await expect(pane(page, 'card', p.lang).locator('.card')).toHaveCount(2);
    for (const tone of ['neutral', 'accent', 'success', 'warning']) await expect(pane(page, 'badge', p.lang).locator(`.badge--${tone}`)).toHaveCount(1);
    for (const tone of ['info', 'success', 'warning', 'error']) await expect(pane(page, 'alert', p.lang).locator(`.alert--${tone} svg`)).toHaveCount(1);
    const skeleton = pane(page, 'skeleton', p.lang);
    await expect(skeleton.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(await skeleton.locator('.skeleton:not([aria-hidden="true"]):not([aria-hidden="true"] .skeleton)').count()).toBe(0);
    await expect(pane(page, 'dialog', p.lang).getByRole('button', { name: p.open })).toBeVisible();
  }
  // Right to left: the Arabic pane's label starts at the right edge of its field.
  const enLabel = await pane(page, 'field', 'en').locator('label').first().boundingBox();
  const enInput = await pane(page, 'field', 'en').locator('input').first().boundingBox();
  const arLabel = await pane(page, 'field', 'ar').locator('label').first().boundingBox();
  const arInput = await pane(page, 'field', 'ar').locator('input').first().boundingBox();
  expect(Math.abs(enLabel!.x - enInput!.x)).toBeLessThan(2);
  expect(Math.abs(arLabel!.x + arLabel!.width - (arInput!.x + arInput!.width))).toBeLessThan(2);
  expect(problems).toEqual([]);
});

test('brand-coloured controls, 44 px targets, no empty band in a card, no shimmer under reduced motion', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openStyleGuide(page);
  for (const sel of ['input[type="checkbox"]', 'input[type="radio"]']) {
    expect(await page.locator(sel).first().evaluate((el) => getComputedStyle(el).accentColor)).toBe('rgb(91, 42, 134)');
  }
  for (const sel of ['.radio-card', '.checkbox__label', '.btn', '[data-section="select"] select', '[data-section="field"] input']) {
    const boxes = await page.locator(sel).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    expect(boxes.length, sel).toBeGreaterThan(0);
    for (const h of boxes) expect(h, sel).toBeGreaterThanOrEqual(44);
  }
  // A heading or paragraph first in a card starts at the card's padding.
  const band = await page.evaluate(() => {
    const card = document.createElement('div');
    card.className = 'card';
    card.innerHTML = '<h2>Terms</h2><p>Text</p>';
    document.body.append(card);
    const gap = card.firstElementChild!.getBoundingClientRect().top - card.getBoundingClientRect().top;
    card.remove();
    return gap;
  });
  expect(band).toBeLessThanOrEqual(16 + 1 + 1); // the padding and the border, no margin
  const animation = () => page.locator('.skeleton').first().evaluate((el) => getComputedStyle(el, '::after').animationName);
  expect(await animation()).toBe('skeleton-shimmer');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).toBe('none');
});

test('radio cards move with the arrow keys in both directions', async ({ page }) => {
  await openStyleGuide(page);
  for (const p of PANES) {
    const group = pane(page, 'radio-cards', p.lang).getByRole('radiogroup').first();
    const radios = group.getByRole('radio');
    await radios.nth(0).focus();
    await expect(radios.nth(0)).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(radios.nth(1)).toBeChecked();
    await expect(radios.nth(1)).toBeFocused();
    await expect(group.locator('.radio-card').nth(1)).toHaveClass(/radio-card--checked/);
    await expect(group.locator('.radio-card').nth(0)).not.toHaveClass(/radio-card--checked/);
    // The disabled card is skipped: the next arrow wraps to the first.
    await page.keyboard.press('ArrowDown');
    await expect(radios.nth(0)).toBeChecked();
  }
});

for (const p of PANES) {
  test(`the dialog keeps focus inside, closes with its X and Escape, returns focus, and passes axe (${p.lang}, ${p.dir})`, async ({ page }) => {
    await openStyleGuide(page);
    const opener = pane(page, 'dialog', p.lang).getByRole('button', { name: p.open });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: p.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    // The page behind is inert: Tab visits the dialog's controls and never a control of the page
    // (past the last one, Chromium hands focus to its own UI, then back into the dialog).
    const visited: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      visited.push(
        await dialog.evaluate((d) => {
          const a = document.activeElement;
          if (!a || a === document.body) return 'browser';
          return d.contains(a) ? `dialog:${a.textContent || a.getAttribute('aria-label')}` : `page:${a.textContent}`;
        }),
      );
    }
    expect(visited.filter((v) => v.startsWith('page:'))).toEqual([]);
    expect(visited).toContain(`dialog:${p.close}`);
    // axe on the open dialog (the page behind it is inert, and checked on its own below).
    const results = await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`), `axe on the dialog (${p.lang})`).toEqual([]);
    await dialog.getByRole('button', { name: p.close }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}

test('the style guide has no axe violations, on a laptop and on a phone', async ({ page }) => {
  await openStyleGuide(page);
  const shell = new ShellPage(page);
  await shell.expectAccessible('style guide (1366)');
  await page.setViewportSize({ width: 390, height: 844 });
  await shell.expectAccessible('style guide (390)');
});
