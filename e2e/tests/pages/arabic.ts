import { expect, type Page } from '@playwright/test';
import { ShellPage } from './shell';

/**
 * An Arabic screen as arabic.spec.ts checks it: no English word outside the allow-list
 * (shared/README.md, i18n), and no axe violation. Shared by the specs that check a screen in Arabic.
 */
export const LATIN_ALLOW_LIST = new Set(['AED', 'GB', 'MB', 'SIM', 'eSIM', 'VIP', 'QR', 'CVV', 'JPG', 'PNG', 'Google']);
/** The language switch names English in English, by design. */
const SWITCH = 'English';

/** Latin words in what the page shows or names (text, aria-label, title, placeholder, alt), outside the allow-list. */
export async function englishOnScreen(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out = new Set<string>();
    // An e-mail address or a web address is written as it is, in any language.
    const words = (s: string | null) =>
      (s ?? '').replace(/\S+@\S+|https?:\/\/\S+|www\.\S+/g, '').match(/[A-Za-z][A-Za-z&]*/g) ?? [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const el = walker.currentNode.parentElement;
      // translate="no": data written as it is in any language (a name as the passport writes it).
      if (!el || el.closest('noscript, script, style, [hidden], [translate="no"]') || el.getClientRects().length === 0) continue;
      for (const w of words(walker.currentNode.textContent)) out.add(w);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))) {
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) for (const w of words(el.getAttribute(a))) out.add(`@${a}:${w}`);
    }
    for (const w of words(document.title)) out.add(`@title:${w}`);
    return [...out];
  });
  return found.filter((w) => !LATIN_ALLOW_LIST.has(w.replace(/^@[\w-]+:/, '')) && w !== SWITCH);
}

export async function expectArabicScreen(page: Page, label: string) {
  await expect.poll(() => englishOnScreen(page), { message: `English on ${label}` }).toEqual([]);
  await new ShellPage(page).expectAccessible(`${label} (Arabic)`);
}
