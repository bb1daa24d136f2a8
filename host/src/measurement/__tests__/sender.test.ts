import { act } from '@testing-library/react';
import { errorObjectForCode, setError, store, updateSession, type ErrorObject, type StepName } from '@join/shared';
import type { BeaconEntry } from '@join/shared/measurement';
import { consentAtom } from '../../consent/consent-state';
import { markRetailPage, resetRetailPageForTests } from '../../retail/retail-page';
import { createSender, FLUSH_AFTER_MS, popupCode, safeSelector, sendWithKeepalive, type WatchVitals } from '../sender';
import { reportStep, resetMeasurementForTests, startMeasurement, type Sender } from '../measurement';

type Report = Parameters<Parameters<WatchVitals>[0]>[0];

/** A web-vitals report as the attribution build gives it (only what the sender reads). */
function metric(name: 'LCP' | 'INP' | 'CLS', value: number, over: Record<string, unknown> = {}): Report {
  const attribution =
    name === 'LCP'
      ? { target: '#root>main.shell__main>div.plan-card>h2' }
      : name === 'INP'
        ? { interactionTarget: 'button.btn.btn--primary', interactionType: 'pointer', loadState: 'complete' }
        : { largestShiftTarget: 'div.summary-bar', loadState: 'complete' };
  return { name, value, rating: 'good', delta: value, id: 'v6-1', entries: [], navigationType: 'navigate', navigationId: 1, navigationURL: 'http://localhost/#/plan-selection', attribution, ...over } as unknown as Report;
}

function harness(options: { softNavs?: boolean; step?: StepName; allowed?: () => boolean } = {}) {
  const batches: BeaconEntry[][] = [];
  let vital: (m: Report) => void = () => undefined;
  let shown: (e: ErrorObject) => void = () => undefined;
  let hidden: () => void = () => undefined;
  const stops = { errors: jest.fn(), hidden: jest.fn() };
  const sender = createSender({
    allowed: options.allowed ?? (() => true),
    step: options.step,
    send: (entries) => batches.push(entries),
    softNavs: options.softNavs ?? true,
    watchVitals: (report) => {
      vital = report;
    },
    watchErrors: (cb) => {
      shown = cb;
      return stops.errors;
    },
    watchHidden: (cb) => {
      hidden = cb;
      return stops.hidden;
    },
  });
  return { sender, batches, vital: (m: Report) => vital(m), shown: (e: ErrorObject) => shown(e), hidden: () => hidden(), stops };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  resetRetailPageForTests();
  resetMeasurementForTests();
});

describe('the sender: batches of beacons', () => {
  it('sends nothing until measuring is enabled, then the step on screen, each new step once, in one batch a few seconds later', () => {
    const h = harness({ step: 'plan' });
    h.sender.step('number');
    jest.advanceTimersByTime(FLUSH_AFTER_MS * 2);
    expect(h.batches).toEqual([]);

    h.sender.setEnabled(true);
    h.sender.step('account');
    h.sender.step('number'); // back: counted once per page
    jest.advanceTimersByTime(FLUSH_AFTER_MS - 1);
    expect(h.batches).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(h.batches).toEqual([[{ type: 'step_view', step: 'number' }, { type: 'step_view', step: 'account' }]]);
  });

  it('sends at once when 20 entries wait, and when the page is hidden', () => {
    const h = harness({ step: 'plan' });
    h.sender.setEnabled(true);
    for (let i = 0; i < 19; i += 1) h.shown(errorObjectForCode(-2015));
    expect(h.batches).toHaveLength(1);
    expect(h.batches[0]).toHaveLength(20);
    h.shown(errorObjectForCode(-2015));
    expect(h.batches).toHaveLength(1);
    h.hidden();
    expect(h.batches[1]).toEqual([{ type: 'error_shown', code: '-2015' }]);
  });

  it('drops what waited when measuring is withdrawn, and stops listening', () => {
    const h = harness({ step: 'plan' });
    h.sender.setEnabled(true);
    h.sender.setEnabled(false);
    expect(h.stops.errors).toHaveBeenCalled();
    expect(h.stops.hidden).toHaveBeenCalled();
    h.vital(metric('LCP', 1800));
    jest.advanceTimersByTime(FLUSH_AFTER_MS);
    expect(h.batches).toEqual([]);
  });

  it('checks the rule again before each send (a shop device, a no): nothing leaves', () => {
    let allowed = true;
    const h = harness({ step: 'plan', allowed: () => allowed });
    h.sender.setEnabled(true);
    allowed = false;
    jest.advanceTimersByTime(FLUSH_AFTER_MS);
    expect(h.batches).toEqual([]);
  });
});

describe('the sender: web vitals, each step its own navigation', () => {
  it('with soft navigations: the page’s own navigation is the step it opened on, a soft navigation the step of its URL', () => {
    const h = harness({ step: 'plan', softNavs: true });
    h.sender.setEnabled(true);
    h.sender.step('number');
    h.vital(metric('LCP', 1834.6));
    h.vital(metric('CLS', 0.123456, { navigationType: 'soft-navigation', navigationURL: 'http://localhost/#/number' }));
    h.vital(metric('INP', 96, { navigationType: 'soft-navigation', navigationURL: 'http://localhost/#/number/search?q=1' }));
    h.vital(metric('INP', 50, { navigationType: 'soft-navigation', navigationURL: 'http://localhost/#/not-a-step' }));
    jest.advanceTimersByTime(FLUSH_AFTER_MS);
    expect(h.batches[0]?.slice(2)).toEqual([
      { type: 'vital', step: 'plan', metric: 'LCP', value: 1835, rating: 'good', navigationType: 'navigate', attribution: { target: 'main.shell__main>div.plan-card>h2' } },
      { type: 'vital', step: 'number', metric: 'CLS', value: 0.1235, rating: 'good', navigationType: 'soft-navigation', attribution: { target: 'div.summary-bar', loadState: 'complete' } },
      {
        type: 'vital',
        step: 'number',
        metric: 'INP',
        value: 96,
        rating: 'good',
        navigationType: 'soft-navigation',
        attribution: { target: 'button.btn.btn--primary', interactionType: 'pointer', loadState: 'complete' },
      },
    ]);
  });

  it('without soft navigations: only the step the page opened on, with its last values when it is left; later steps send no page-wide figure', () => {
    const h = harness({ step: 'plan', softNavs: false });
    h.sender.setEnabled(true);
    h.vital(metric('LCP', 1200));
    h.vital(metric('LCP', 1500));
    h.vital(metric('CLS', 0.02));
    h.sender.step('number');
    h.vital(metric('CLS', 0.4)); // the page's, since the visitor left the plan step: not the number step's
    h.hidden();
    const vitals = h.batches.flat().filter((e) => e.type === 'vital');
    expect(vitals.map((e) => e.type === 'vital' && [e.step, e.metric, e.value])).toEqual([
      ['plan', 'LCP', 1500],
      ['plan', 'CLS', 0.02],
    ]);
  });

  it('never sends an entry the collector would refuse (a value out of range)', () => {
    const h = harness({ step: 'plan' });
    h.sender.setEnabled(true);
    h.vital(metric('CLS', 250));
    h.hidden();
    expect(h.batches.flat().filter((e) => e.type === 'vital')).toEqual([]);
  });
});

describe('nothing identifying', () => {
  it('keeps an element to its tags and classes: no id, no attribute, the end kept when too long', () => {
    expect(safeSelector('#card-4242-4242>span.digits')).toBe('span.digits');
    expect(safeSelector('div.form>input[value="amira@example.com"]')).toBe('div.form>inputvalueamiraexample.com');
    expect(safeSelector('#only-an-id')).toBeUndefined();
    const long = Array.from({ length: 30 }, (_, i) => `div.level${i}`).join('>');
    const kept = safeSelector(long) ?? '';
    expect(kept.length).toBeLessThanOrEqual(80);
    expect(kept.endsWith('div.level29')).toBe(true);
  });

  it('names a pop-up by its SPEC 8 code or, without a known one, by its catalogue type', () => {
    expect(popupCode(errorObjectForCode(-2015))).toBe('-2015');
    expect(popupCode(errorObjectForCode('captcha_error'))).toBe('captcha_error');
    expect(popupCode(errorObjectForCode(-123456))).toBe('error_general');
  });
});

describe('the transport', () => {
  it('posts JSON to /api/collect with the session’s headers and keepalive; nothing without a session', () => {
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 204 });
    const original = globalThis.fetch;
    globalThis.fetch = fetchMock;
    try {
      updateSession({ sessionId: null });
      sendWithKeepalive([{ type: 'step_view', step: 'plan' }]);
      expect(fetchMock).not.toHaveBeenCalled();
      updateSession({ sessionId: 'a'.repeat(64) });
      sendWithKeepalive([{ type: 'step_view', step: 'plan' }]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(url).toBe('/api/collect');
      expect(init).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify({ entries: [{ type: 'step_view', step: 'plan' }] }) });
      expect(init.headers).toMatchObject({ 'session-id': 'a'.repeat(64), 'content-type': 'application/json', 'api-version': expect.any(String), 'device-id': expect.any(String) });
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('starting: only after a yes to analytics, never on a shop device', () => {
  function fakeChunk() {
    const sender: Sender & { enabled: boolean[]; steps: (StepName | undefined)[] } = {
      enabled: [],
      steps: [],
      setEnabled(yes) {
        this.enabled.push(yes);
      },
      step(s) {
        this.steps.push(s);
      },
    };
    const load = jest.fn(async () => ({ createSender: () => sender }));
    return { sender, load };
  }
  const yes = { version: 1, analytics: true, marketing: false, recordedAt: 1 };
  const no = { ...yes, analytics: false };
  const flushPromises = () => act(async () => undefined);

  beforeEach(() => act(() => store.set(consentAtom, null)));

  it('loads nothing before the choice nor after a no; loads the sender at a later yes; a withdrawal disables it', async () => {
    const { sender, load } = fakeChunk();
    reportStep('number');
    const stop = startMeasurement(load);
    act(() => store.set(consentAtom, no));
    await flushPromises();
    expect(load).not.toHaveBeenCalled();
    act(() => store.set(consentAtom, yes));
    await flushPromises();
    expect(load).toHaveBeenCalledTimes(1);
    expect(sender.enabled).toEqual([true]);
    reportStep('account');
    expect(sender.steps).toEqual(['account']);
    act(() => store.set(consentAtom, no));
    expect(sender.enabled).toEqual([true, false]);
    stop();
  });

  it('a shop device never loads it, whatever the stored choice', async () => {
    const { load } = fakeChunk();
    markRetailPage();
    act(() => store.set(consentAtom, yes));
    const stop = startMeasurement(load);
    await flushPromises();
    expect(load).not.toHaveBeenCalled();
    stop();
  });

  it('an error pop-up shown through the kernel reaches the real sender', () => {
    const batches: BeaconEntry[][] = [];
    const sender = createSender({ allowed: () => true, step: 'plan', softNavs: true, send: (e) => batches.push(e), watchVitals: () => undefined, watchHidden: () => () => undefined });
    sender.setEnabled(true);
    act(() => setError(errorObjectForCode(-2010)));
    act(() => setError(null));
    sender.flush();
    expect(batches).toEqual([[{ type: 'step_view', step: 'plan' }, { type: 'error_shown', code: '-2010' }]]);
    sender.setEnabled(false);
  });
});
