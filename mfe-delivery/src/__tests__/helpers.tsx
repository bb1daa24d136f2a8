import { act, fireEvent, waitFor } from '@testing-library/react';
import { apiClient, applyFlowStatus, bus, EMPTY_FLOW_FLAGS, i18n, store, type ErrorObject, type FlowStatusFlags } from '@join/shared';
import { Order, Store, type CoverageResponse } from '@join/shared/delivery';
import DeliveryStep from '../step';
import { FakeMap, maplibreControl } from './fake-maplibre';
import { eachTest, renderInPage } from '@join/shared/testing';

export const ATTRIBUTION = {
  html: '© OpenStreetMap contributors',
  sources: [{ name: 'OpenStreetMap contributors', licence: 'ODbL', url: 'https://www.openstreetmap.org/copyright' }],
};

export const DUBAI_MARINA = { id: 'dubai-marina', name: 'Dubai Marina', emirate: 'DU' as const, lat: 25.08, lng: 55.14 };
export const areaAt = (place = DUBAI_MARINA) => ({ inside_uae: true, on_land: true, emirate: place.emirate, place });
/** 14:35 in Dubai (UTC+4). */
export const ETA = '2026-11-23T10:35:00.000Z';
export const OPEN: CoverageResponse = { status: 'open', zone_id: 'dubai-central', eta: ETA, promise_minutes: 45 };

export const store1 = (extra: Partial<Store> = {}): Store =>
  Store.parse({
    id: 'mall-of-the-emirates',
    name: 'Mall of the Emirates',
    address: 'Al Barsha 1, Dubai',
    emirate: 'DU',
    lat: 25.118,
    lng: 55.2,
    distance_m: 3450,
    hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '10:00', closes: '22:00' })),
    open_now: true,
    next_change: '2026-11-23T18:00:00.000Z',
    ...extra,
  });

export const order = (extra: Record<string, unknown> = {}): Order =>
  Order.parse({
    order_number: 'DL-4821-7730',
    kind: 'delivery',
    status: 'received',
    history: [{ status: 'received', at: '2026-11-23T10:00:00.000Z' }],
    eta: ETA,
    delivery: { lat: 25.08, lng: 55.14, address: 'Marina Gate 1, Dubai Marina', address_2: 'Flat 1203', instructions: '', phone: '0501234567' },
    store: null,
    esim: null,
    amount_due_fils: 4900,
    currency: 'AED',
    msisdn: '971585824920',
    created_at: '2026-11-23T10:00:00.000Z',
    ...extra,
  });

export function setFlow(flags: Partial<FlowStatusFlags> = {}, context: Record<string, unknown> = {}) {
  applyFlowStatus(
    {
      flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_logged_in_via_email: true, ...flags },
      flow_context: { resident_type: null, sim_type: null, inside_uae: null, has_delivery_form: false, terminated_email: null, retail: false, ...context },
    } as never,
    store,
  );
}

export function renderAt(route: string) {
  window.location.hash = `#${route}`;
  return renderInPage(<DeliveryStep route={route.split('?')[0]!} />);
}

/** The map has loaded (the fake fires `load` on the next tick). */
/**
 * The map made and loaded: waited for, not slept for (5 ms of real time was once assumed, and on a
 * loaded machine the lazy chunk and the map came later, so a test read the page before the map).
 */
export async function mapLoaded(): Promise<FakeMap> {
  await waitFor(() => {
    expect(FakeMap.all.length).toBeGreaterThan(0);
    expect(document.querySelector('.delivery-map[data-state="loading"]')).toBeNull();
  });
  return FakeMap.last;
}

/** A click on the map's canvas at (x, y), pressed for `ms`. */
export function pressMap(map: FakeMap, x: number, y: number, ms = 100, { move = 0 }: { move?: number } = {}) {
  const el = map.canvasContainer;
  const base = performance.now();
  act(() => {
    fireEvent(el, pointer('pointerdown', x, y, base));
    if (move) fireEvent(el, pointer('pointermove', x + move, y, base + ms / 2));
    fireEvent(el, pointer('pointerup', x + move, y, base + ms));
  });
}
function pointer(type: string, x: number, y: number, timeStamp: number): Event {
  const e = new MouseEvent(type, { bubbles: true, clientX: x, clientY: y });
  Object.defineProperty(e, 'pointerId', { value: 1 });
  Object.defineProperty(e, 'isPrimary', { value: true });
  Object.defineProperty(e, 'timeStamp', { value: timeStamp });
  return e;
}

/** What the step asked of the host: navigations, pop-ups, orders placed. */
export function watch() {
  const navigations: string[] = [];
  const errors: ErrorObject[] = [];
  const placed: string[] = [];
  const offs = [
    bus.on('navigate:request', (e) => navigations.push(`${e.from} ${e.to}`)),
    bus.on('error:raised', (e) => errors.push(e.error)),
    bus.on('delivery:order-placed', (e) => placed.push(e.kind)),
  ];
  return { navigations, errors, placed, off: () => offs.forEach((o) => o()) };
}

/**
 * What every delivery test file sets up: English, clean session storage, the map library's
 * stand-in with WebGL, the map's attribution answered, and a fresh watch() per test.
 */
export function watchEachTest(): ReturnType<typeof watch> {
  return eachTest(watch, () => {
    window.sessionStorage.clear();
    i18n.setLanguage('en');
    maplibreControl.webgl = true;
    maplibreControl.fail = false;
    FakeMap.all = [];
    setFlow();
    jest.spyOn(apiClient, 'request').mockImplementation((method, path) =>
      path === '/map/attribution.json' ? Promise.resolve(ATTRIBUTION as never) : Promise.reject(new Error(`unexpected ${method} ${path}`)),
    );
  });
}

/** Arabic from now on; `texts`, when given, are its texts (they replace what Arabic had). */
export function inArabic(texts?: Record<string, string>): void {
  if (texts) i18n.set('ar', texts);
  act(() => i18n.setLanguage('ar'));
}

/** Matches the one element whose whole text is `text`, however it is split into elements (a place name in its own <bdi>). */
export const wholeText =
  (text: string) =>
  (_content: string, el: Element | null): boolean =>
    el !== null && el.textContent === text && Array.from(el.children).every((c) => c.textContent !== text);
