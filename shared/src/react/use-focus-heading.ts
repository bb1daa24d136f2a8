import { useEffect } from 'react';
import { FIRST_SCREEN_ID } from '@join/shared';

/** Selector of the one heading a step renders; the host focuses it on each step change. */
const STEP_HEADING_SELECTOR = '[data-step-heading]';

/**
 * Moves focus to the step heading once it is in the document. Steps load lazily from
 * remotes, so the heading may appear after the route changes: watch until it does. The heading
 * of the server's first screen (issue 27: the page's render is held out of the document until it
 * takes its place) is focused where it is, without scrolling: the visitor may have scrolled down
 * to a plan before the page's scripts ran, and a jump back to the top would move the card under
 * their finger (a press would land on something else).
 */
export function focusStepHeading(root: ParentNode = document, timeoutMs = 10_000): () => void {
  const tryFocus = () => {
    const el = root.querySelector<HTMLElement>(STEP_HEADING_SELECTOR);
    if (!el) return false;
    el.focus({ preventScroll: el.closest(`#${FIRST_SCREEN_ID}`) !== null });
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) observer.disconnect();
  });
  observer.observe(root instanceof Document ? root.body : (root as Node), { childList: true, subtree: true });
  const timer = setTimeout(() => observer.disconnect(), timeoutMs);
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
}

/** Focus the step heading whenever `key` (the step) changes. */
export function useFocusStepHeading(key: string): void {
  useEffect(() => focusStepHeading(), [key]);
}
