import { keepFirstScreenPresses } from '@join/shared/first-screen-gate';
import { HELD_PRESS_WAIT_MS, releaseFirstScreen, watchFirstScreen } from '../first-screen';

// The first-screen gate keeps the presses from the first paint on (before any of the page's scripts).
beforeAll(() => keepFirstScreenPresses(document));

/** The server's first screen and the page's own render of it: the same tree, the server's goes when the page's is on screen. */
const shell = (label: string) => `<div class="shell"><main><h1 data-step-heading tabindex="-1">Choose your plan</h1><ul><li><button type="button">Choose</button></li><li><button type="button">${label}</button></li></ul></main></div>`;

function page(firstScreen = true) {
  document.documentElement.removeAttribute('data-first-screen');
  document.body.innerHTML = `${firstScreen ? `<div id="join-first-screen">${shell('Choose this one')}</div>` : ''}<div id="root"></div>`;
  const root = document.getElementById('root')!;
  return {
    root,
    server: document.getElementById('join-first-screen'),
    /** The page's render, as React would put it in #root. */
    render(label = 'Choose this one') {
      root.innerHTML = shell(label);
      return root;
    },
  };
}

describe('the server’s first screen in the page', () => {
  it('goes at once when the gate turned it off', () => {
    const p = page();
    document.documentElement.setAttribute('data-first-screen', 'off');
    watchFirstScreen(p.root);
    expect(document.getElementById('join-first-screen')).toBeNull();
    expect(p.root.isConnected).toBe(true);
  });

  it('holds the page’s render out of the document (no second copy), then puts it in its place', () => {
    const p = page();
    watchFirstScreen(p.root);
    p.render();
    expect(p.root.isConnected).toBe(false);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    releaseFirstScreen();
    expect(document.getElementById('join-first-screen')).toBeNull();
    expect(document.body.firstElementChild).toBe(p.root);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(() => releaseFirstScreen()).not.toThrow();
    page(false);
    expect(() => releaseFirstScreen()).not.toThrow();
  });

  it('presses on the page’s render what the visitor pressed on the server’s screen meanwhile', () => {
    const p = page();
    watchFirstScreen(p.root);
    p.server!.querySelectorAll('button')[1]!.click();
    const root = p.render();
    const pressed = jest.fn();
    root.querySelectorAll('button')[1]!.addEventListener('click', pressed);
    root.querySelectorAll('button')[0]!.addEventListener('click', () => pressed('wrong one'));
    releaseFirstScreen();
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(pressed).not.toHaveBeenCalledWith('wrong one');
  });

  it('presses nothing when the page’s render has another control there (checked by its text)', () => {
    const p = page();
    watchFirstScreen(p.root);
    p.server!.querySelectorAll('button')[1]!.click();
    const root = p.render('Something else');
    const pressed = jest.fn();
    root.querySelectorAll('button')[1]!.addEventListener('click', pressed);
    releaseFirstScreen();
    expect(pressed).not.toHaveBeenCalled();
  });

  it('moves focus to the same place in the page’s render (the heading the shell focused, or a control)', () => {
    const p = page();
    watchFirstScreen(p.root);
    p.server!.querySelector('h1')!.focus();
    const root = p.render();
    releaseFirstScreen();
    expect(document.activeElement).toBe(root.querySelector('h1'));
  });

  it('moves that focus without scrolling: the visitor stays where they are on the page', () => {
    const p = page();
    watchFirstScreen(p.root);
    p.server!.querySelector('h1')!.focus();
    const root = p.render();
    const focus = jest.spyOn(HTMLElement.prototype, 'focus');
    releaseFirstScreen();
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(document.activeElement).toBe(root.querySelector('h1'));
    focus.mockRestore();
  });
});

describe('a page whose render is still busy', () => {
  it('takes the server’s screen’s place only once nothing in it is busy', async () => {
    const p = page();
    watchFirstScreen(p.root);
    p.server!.querySelectorAll('button')[1]!.click();
    p.root.innerHTML = '<div class="shell"><main><section aria-busy="true"><h1>Choose your plan</h1></section></main></div>';
    releaseFirstScreen();
    expect(document.getElementById('join-first-screen')).not.toBeNull();
    const root = p.render();
    const pressed = jest.fn();
    root.querySelectorAll('button')[1]!.addEventListener('click', pressed);
    await new Promise((r) => setTimeout(r, 0)); // the mutation observer's turn
    expect(document.getElementById('join-first-screen')).toBeNull();
    expect(pressed).toHaveBeenCalledTimes(1);
  });
});

describe('a press still held on the server’s screen', () => {
  const pointer = (type: string, target: EventTarget) => target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true }));

  it('is waited for: released, its click is pressed on the page’s render, not lost between the two screens', async () => {
    const p = page();
    watchFirstScreen(p.root);
    const serverButton = p.server!.querySelectorAll('button')[1]!;
    pointer('pointerdown', serverButton);
    const root = p.render();
    const pressed = jest.fn();
    root.querySelectorAll('button')[1]!.addEventListener('click', pressed);
    releaseFirstScreen();
    // Still the server's screen while the press is down: the release and its click land on it.
    expect(document.getElementById('join-first-screen')).not.toBeNull();
    expect(p.root.isConnected).toBe(false);
    pointer('pointerup', serverButton);
    serverButton.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(document.getElementById('join-first-screen')).toBeNull();
    expect(p.root.isConnected).toBe(true);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('a press that never ends delays it no longer than HELD_PRESS_WAIT_MS', () => {
    jest.useFakeTimers();
    try {
      const p = page();
      watchFirstScreen(p.root);
      pointer('pointerdown', p.server!.querySelector('h1')!);
      p.render();
      releaseFirstScreen();
      jest.advanceTimersByTime(HELD_PRESS_WAIT_MS - 1);
      expect(p.root.isConnected).toBe(false);
      jest.advanceTimersByTime(1);
      expect(p.root.isConnected).toBe(true);
      expect(document.getElementById('join-first-screen')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a press elsewhere on the page does not hold it', () => {
    const p = page();
    document.body.insertAdjacentHTML('beforeend', '<button id="outside">Elsewhere</button>');
    watchFirstScreen(p.root);
    pointer('pointerdown', document.getElementById('outside')!);
    p.render();
    releaseFirstScreen();
    expect(p.root.isConnected).toBe(true);
    pointer('pointerup', document.body);
  });
});
