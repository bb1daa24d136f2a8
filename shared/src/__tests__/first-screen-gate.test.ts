import { firstScreenShown, runFirstScreenGate } from '../first-screen-gate';
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
