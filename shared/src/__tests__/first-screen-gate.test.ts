import { firstScreenShown, keepFirstScreenPresses, runFirstScreenGate, startPageScripts } from '../first-screen-gate';
import { SESSION_STORAGE_KEY } from '../constants';

/** The server's first screen is a first visit's plan selection: the gate hides it wherever the page will show something else. */
describe('the first-screen gate', () => {
  const start = { language: 'en', search: '', hash: '' };
  const stored = (s: object) => JSON.stringify({ deviceId: 'device-0001', sessionId: null, uid: null, language: 'en', ...s });

  it('shows it to a first visit at the start or at plan selection', () => {
    for (const hash of ['', '#', '#/', '#/plan-selection']) expect(firstScreenShown({ ...start, hash }, null)).toBe(true);
    expect(firstScreenShown({ ...start, search: '?lang=en&gclid=x' }, null)).toBe(true);
    // A device that never got a session (its login failed) is still a first visit.
    expect(firstScreenShown(start, stored({}))).toBe(true);
  });

  it('hides it from a returning visitor, whose step may be any', () => {
    expect(firstScreenShown(start, stored({ sessionId: 'session-1' }))).toBe(false);
  });

  it('hides it for any other address in the hash: a deep link, a retail screen, start parameters there', () => {
    for (const hash of ['#/number', '#/retail/start', '#/plan-selection?product_code=7', '#/order/123']) {
      expect(firstScreenShown({ ...start, hash }, null)).toBe(false);
    }
  });

  it('hides it when the stored language is not the page’s, unless the address names one (it wins)', () => {
    expect(firstScreenShown(start, stored({ language: 'ar' }))).toBe(false);
    expect(firstScreenShown({ ...start, language: 'ar', search: '?lang=ar' }, stored({ language: 'en' }))).toBe(true);
    expect(firstScreenShown({ ...start, language: 'ar' }, stored({ language: 'ar' }))).toBe(true);
  });

  it('treats unreadable storage as a first visit (start-up starts over too)', () => {
    expect(firstScreenShown(start, '{not json')).toBe(true);
    expect(firstScreenShown(start, 'null')).toBe(true);
  });

  it('marks the page before its first paint', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, stored({ sessionId: 'session-1' }));
    runFirstScreenGate(document, { search: '', hash: '' } as Location);
    expect(document.documentElement.getAttribute('data-first-screen')).toBe('off');
    localStorage.clear();
    document.documentElement.removeAttribute('data-first-screen');
    runFirstScreenGate(document, { search: '', hash: '' } as Location);
    expect(document.documentElement.hasAttribute('data-first-screen')).toBe(false);
  });
});

describe('the page’s scripts, started by the gate', () => {
  const gate = () => {
    const el = document.createElement('script');
    el.dataset.scripts = '/main.1.js /second.2.js';
    el.dataset.preloads = '/chunk.3.js /mfe/plan/remoteEntry.js?v=abc';
    return el;
  };
  const frames: (() => void)[] = [];
  const win = {
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void) => frames.push(f),
  } as unknown as Window;
  const scripts = () => [...document.body.querySelectorAll('script')].map((s) => [s.getAttribute('src'), s.async]);
  const preloads = () => [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => l.getAttribute('href'));
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    frames.length = 0;
  });

  it('start after the first screen’s paint (a frame, then a task), the scripts a task after the preloads, in order', () => {
    startPageScripts(gate(), true, document, win);
    expect(scripts()).toEqual([]);
    expect(preloads()).toEqual([]);
    frames.shift()!(); // the frame
    frames.shift()!(); // the task after its paint: the preloads
    expect(preloads()).toEqual(['/chunk.3.js', '/mfe/plan/remoteEntry.js?v=abc']);
    expect(scripts()).toEqual([]);
    frames.shift()!(); // the next task: the scripts
    expect(scripts()).toEqual([['/main.1.js', false], ['/second.2.js', false]]);
    expect(frames).toEqual([]);
  });

  it('start at once when the gate turned the first screen off', () => {
    startPageScripts(gate(), false, document, win);
    expect(frames).toEqual([]);
    expect(scripts()).toHaveLength(2);
  });
});

describe('a press on the server’s first screen', () => {
  it('is kept on the control pressed last, and a link does not leave', () => {
    document.body.innerHTML = '<div id="join-first-screen"><a href="/elsewhere">Home</a><button type="button">One</button><button type="button"><span>Two</span></button></div><button id="outside" type="button">Out</button>';
    keepFirstScreenPresses(document);
    const [link, one, two] = [...document.querySelectorAll('#join-first-screen a, #join-first-screen button')] as HTMLElement[];
    const leaves = new MouseEvent('click', { bubbles: true, cancelable: true });
    link!.dispatchEvent(leaves);
    expect(leaves.defaultPrevented).toBe(true);
    one!.click();
    two!.querySelector('span')!.click();
    expect([...document.querySelectorAll('[data-first-screen-pressed]')]).toEqual([two]);
    document.getElementById('outside')!.click();
    expect(document.getElementById('outside')!.hasAttribute('data-first-screen-pressed')).toBe(false);
  });

  it('marks the screen held while a pointer pressed on it is down, until its release or cancel', () => {
    document.body.innerHTML = '<div id="join-first-screen"><button type="button">Choose</button></div><button id="outside">Elsewhere</button>';
    keepFirstScreenPresses(document);
    const screen = document.getElementById('join-first-screen')!;
    const pointer = (type: string, target: EventTarget) => target.dispatchEvent(new MouseEvent(type, { bubbles: true }));
    pointer('pointerdown', document.getElementById('outside')!);
    expect(screen.hasAttribute('data-first-screen-held')).toBe(false);
    pointer('pointerdown', screen.querySelector('button')!);
    expect(screen.hasAttribute('data-first-screen-held')).toBe(true);
    pointer('pointerup', document.getElementById('outside')!);
    expect(screen.hasAttribute('data-first-screen-held')).toBe(false);
    pointer('pointerdown', screen.querySelector('button')!);
    pointer('pointercancel', document.body);
    expect(screen.hasAttribute('data-first-screen-held')).toBe(false);
  });
});
