import { FIRST_SCREEN_HELD, FIRST_SCREEN_ID, FIRST_SCREEN_PRESSED, SESSION_STORAGE_KEY } from './constants';

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

/**
 * The page's scripts, which the server moved onto the gate's own element (`data-scripts`, run in
 * order, and `data-preloads`, fetched): started once the server's first screen is painted, so that
 * nothing competes with its styles on a phone's connection; at once when the gate turned it off.
 * A script runs only once the document is parsed, as the `defer` it replaces would.
 */
export function startPageScripts(gate: HTMLOrSVGScriptElement | null, shown: boolean, doc: Document = document, win: Window = window): void {
  if (!(gate instanceof HTMLScriptElement)) return;
  const list = (name: string) => (gate.dataset[name] ?? '').split(' ').filter(Boolean);
  const start = () => {
    for (const href of list('preloads')) {
      const link = doc.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      doc.head.appendChild(link);
    }
    const run = () => {
      for (const src of list('scripts')) {
        const script = doc.createElement('script');
        script.src = src;
        script.async = false; // in order, as deferred scripts run
        doc.body.appendChild(script);
      }
    };
    // After the screen's paint, the scripts in a task after the preloads': each element starts its
    // request, about 3 ms apiece on a phone's CPU, and twenty of them in one task made a long task.
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', run, { once: true });
    else if (shown) win.setTimeout(run, 0);
    else run();
  };
  // After the next frame is painted: a frame callback runs just before it, a task just after.
  if (shown) win.requestAnimationFrame(() => win.setTimeout(start, 0));
  else start();
}

/**
 * A press on the server's first screen before the page's render takes over (its scripts have not
 * even started on a phone): kept, as the attribute FIRST_SCREEN_PRESSED on the control pressed
 * last, for the page to press the same control on its render (host/src/start/first-screen.ts).
 * A link does not leave meanwhile. A pointer pressed down on the screen marks it FIRST_SCREEN_HELD
 * until it is released (or the press is cancelled): the page's render waits for that, so that a
 * press and its release never fall on two different screens (the browser then clicks nothing).
 */
export function keepFirstScreenPresses(doc: Document = document): void {
  const firstScreen = () => doc.getElementById(FIRST_SCREEN_ID);
  doc.addEventListener(
    'pointerdown',
    (event) => {
      const el = firstScreen();
      if (el && event.target instanceof Node && el.contains(event.target)) el.setAttribute(FIRST_SCREEN_HELD, '');
    },
    true,
  );
  for (const type of ['pointerup', 'pointercancel'] as const) {
    doc.addEventListener(type, () => firstScreen()?.removeAttribute(FIRST_SCREEN_HELD), true);
  }
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('a, button, [tabindex]') : null;
      const screen = target?.closest(`#${FIRST_SCREEN_ID}`);
      if (!target || !screen) return;
      event.preventDefault();
      for (const el of screen.querySelectorAll(`[${FIRST_SCREEN_PRESSED}]`)) el.removeAttribute(FIRST_SCREEN_PRESSED);
      target.setAttribute(FIRST_SCREEN_PRESSED, '');
    },
    true,
  );
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
  const shown = firstScreenShown({ language: html.lang, search: loc.search, hash: loc.hash }, stored);
  if (!shown) html.setAttribute('data-first-screen', 'off');
  else keepFirstScreenPresses(doc);
  startPageScripts(doc.currentScript, shown, doc);
}
