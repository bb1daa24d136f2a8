import { bus, store } from '@join/shared';
import { consentAtom } from '../../consent/consent-state';
import { markRetailPage, resetRetailPageForTests } from '../../retail/retail-page';
import { startTracking } from '../tracking-gate';

/** Tag-manager tracking's gate: the first download keeps the events, tracking's code loads on a yes only. */
type Layer = { dataLayer?: Record<string, unknown>[] };
const layer = () => ((window as unknown as Layer).dataLayer ?? []).map((e) => e.event).filter(Boolean);
const answer = (analytics: boolean) => store.set(consentAtom, { version: 1, analytics, marketing: false, recordedAt: 1 });
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  delete (window as unknown as Layer).dataLayer;
  store.set(consentAtom, null);
  resetRetailPageForTests();
  sessionStorage.clear();
});

describe('the tracking gate', () => {
  it('keeps the events heard before the answer and, on a yes, loads tracking and hands them over in order', async () => {
    const load = jest.fn(() => import('../tracking'));
    const stop = startTracking(load);
    bus.emit('number:reserved', { msisdn: '0581234567', expiresAt: null });
    bus.emit('number:cancelled', { msisdn: '0581234567' });
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(layer()).toEqual([]);
    answer(true);
    for (let i = 0; i < 20 && layer().length < 2; i++) await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(layer()).toEqual(['number_reserved', 'number_released']);
    // Loaded: tracking listens itself, once (no event twice).
    bus.emit('number:cancelled', { msisdn: '0581234567' });
    expect(layer()).toEqual(['number_reserved', 'number_released', 'number_released']);
    stop();
  });

  it('keeps what happens between the yes and the arrival of tracking (a plan chosen while it downloads)', async () => {
    let arrive: () => void = () => undefined;
    const load = jest.fn(() => new Promise<void>((r) => (arrive = r)).then(() => import('../tracking')));
    const stop = startTracking(load);
    answer(true);
    bus.emit('number:cancelled', { msisdn: '0581234567' });
    arrive();
    for (let i = 0; i < 20 && layer().length < 1; i++) await flush();
    expect(layer()).toEqual(['number_released']);
    stop();
  });

  it('on a no drops what it kept and never downloads tracking; a later yes loads it with nothing from before', async () => {
    const load = jest.fn(() => import('../tracking'));
    const stop = startTracking(load);
    bus.emit('number:cancelled', { msisdn: '0581234567' });
    answer(false);
    bus.emit('number:cancelled', { msisdn: '0581234567' });
    await flush();
    expect(load).not.toHaveBeenCalled();
    answer(true);
    for (let i = 0; i < 20 && load.mock.calls.length === 0; i++) await flush();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(layer()).toEqual([]);
    stop();
  });

  it('on a shop device keeps nothing and loads nothing, whatever the answer', async () => {
    markRetailPage();
    const load = jest.fn(() => import('../tracking'));
    const stop = startTracking(load);
    bus.emit('number:cancelled', { msisdn: '0581234567' });
    answer(true);
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(layer()).toEqual([]);
    stop();
  });
});
