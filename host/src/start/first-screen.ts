import { FIRST_SCREEN_HELD, FIRST_SCREEN_ID, FIRST_SCREEN_PRESSED } from '@join/shared';

/**
 * The server's first screen in the page (issue 27; api/src/platform/static/first-screen.ts): the
 * plan cards painted from the HTML while this page's own render builds in #root, held out of the
 * document meanwhile (no second copy of the screen for a screen reader, a search of the page or
 * an id). Once the page's render of the first step is ready (the shell calls releaseFirstScreen),
 * #root takes the server's screen's place in one step, and what the visitor pressed or focused on
 * it in the meantime is pressed or focused on the page's render: the two are the same components,
 * so the same place in the tree is the same control (checked by its tag and text). The press is
 * kept from the first paint on by the first-screen gate (FIRST_SCREEN_PRESSED), before any of the
 * page's scripts has started. A pointer still down on the server's screen (FIRST_SCREEN_HELD) is
 * waited for: pressed on one screen and released on the other, a click is no click at all (the
 * browser clicks nothing).
 */
interface Place {
  path: number[];
  tag: string;
  text: string;
}

/** #root while it is held out of the document. */
let held: HTMLElement | null = null;

const screen = (): HTMLElement | null => document.getElementById(FIRST_SCREEN_ID);

function placeOf(root: Element, el: Element): Place {
  const path: number[] = [];
  for (let node: Element = el; node !== root && node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node) as number);
  }
  return { path, tag: el.tagName, text: el.textContent ?? '' };
}

function find(root: Element, place: Place): HTMLElement | null {
  let node: Element | undefined = root;
  for (const i of place.path) node = node?.children[i];
  return node instanceof HTMLElement && node.tagName === place.tag && (node.textContent ?? '') === place.text ? node : null;
}

/**
 * At start-up, before the page renders into `root`: a first screen the gate turned off goes at
 * once; one that shows holds `root` out of the document until the page's render takes its place.
 */
export function watchFirstScreen(root: HTMLElement): void {
  const el = screen();
  if (!el) return;
  if (document.documentElement.getAttribute('data-first-screen') === 'off') {
    el.remove();
    return;
  }
  held = root;
  root.remove();
}

/**
 * The page's render of the step is on screen with its data: it takes the server's first screen's
 * place (once; no-op without one). A region of it still busy (`aria-busy`: the data is in but not
 * drawn yet) is waited for, so the swap never shows less than the server's screen did.
 */
export function releaseFirstScreen(): void {
  const root = held;
  if (!screen() || !root) return;
  held = null;
  if (!root.querySelector('[aria-busy="true"]')) {
    swap(root);
    return;
  }
  const observer = new MutationObserver(() => {
    if (root.querySelector('[aria-busy="true"]')) return;
    observer.disconnect();
    swap(root);
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
}

/** The longest a press held on the server's screen delays the swap (a press that never ends). */
export const HELD_PRESS_WAIT_MS = 10_000;

function swap(root: HTMLElement): void {
  const el = screen();
  if (!el) return;
  if (el.hasAttribute(FIRST_SCREEN_HELD)) {
    // After the release's own task, where a mouse's click follows its release: the gate keeps that click.
    let done = false;
    const later = () => {
      if (done) return;
      done = true;
      document.removeEventListener('pointerup', onRelease, true);
      document.removeEventListener('pointercancel', onRelease, true);
      clearTimeout(cap);
      el.removeAttribute(FIRST_SCREEN_HELD);
      swap(root);
    };
    const onRelease = () => setTimeout(later, 0);
    document.addEventListener('pointerup', onRelease, true);
    document.addEventListener('pointercancel', onRelease, true);
    const cap = setTimeout(later, HELD_PRESS_WAIT_MS);
    return;
  }
  const active = document.activeElement;
  const focused = active && active !== el && el.contains(active) ? placeOf(el, active) : null;
  const pressedEl = el.querySelector(`[${FIRST_SCREEN_PRESSED}]`);
  const pressed = pressedEl ? placeOf(el, pressedEl) : null;
  el.replaceWith(root);
  const press = pressed && find(root, pressed);
  if (press) press.click();
  // Where the visitor is: the two screens are laid out alike, so the page does not move.
  else if (focused) find(root, focused)?.focus({ preventScroll: true });
}
