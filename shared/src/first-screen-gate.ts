import { SESSION_STORAGE_KEY } from './constants';

/**
 * The page's first-screen gate (issue 27), run by a tiny blocking script in the page's head
 * before the server's first screen is painted (host: the first-screen-gate entry). The server
 * renders a first visit's plan selection in the page's language; it cannot see what the browser
 * keeps. Where the page will show something else, the gate hides the server's screen before its
 * first paint (`data-first-screen="off"` on <html>; the host's styles), and the page starts as it
 * did before: a stored session (a returning visitor resumes their step), a stored language other
 * than the page's (without a `lang` start parameter, the stored one applies), or an address in
 * the hash other than the start or plan selection (a deep link, a retail screen, start
 * parameters inside the hash).
 */
export function firstScreenShown(
  page: { language: string; search: string; hash: string },
  stored: string | null,
): boolean {
  if (!/^(#\/?(plan-selection)?)?$/.test(page.hash)) return false;
  if (stored === null) return true;
  let session: unknown;
  try {
    session = JSON.parse(stored);
  } catch {
    return true; // unreadable: start-up starts over, as a first visit
  }
  if (typeof session !== 'object' || session === null) return true;
  const { sessionId, language } = session as { sessionId?: unknown; language?: unknown };
  if (typeof sessionId === 'string' && sessionId !== '') return false;
  const startLanguage = new URLSearchParams(page.search).get('lang');
  return startLanguage === 'en' || startLanguage === 'ar' || language === undefined || language === page.language;
}

/** The gate as the page runs it. */
export function runFirstScreenGate(doc: Document = document, loc: Location = location): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    /* storage disabled: nothing stored */
  }
  const html = doc.documentElement;
  if (!firstScreenShown({ language: html.lang, search: loc.search, hash: loc.hash }, stored)) html.setAttribute('data-first-screen', 'off');
}
