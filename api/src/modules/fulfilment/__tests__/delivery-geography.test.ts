import { API_ERROR_CODES, CoverageResponse, StoresResponse, ZonesResponse } from '@join/shared/contract';
import { AL_AIN, DUBAI_CORNER, DUBAI_CREEK, DUBAI_MALL, expectError, FUJAIRAH, LIWA, MARINA_WATER, ok, publicGet, t, useDeliveryApp } from './delivery-support';

/**
 * Delivery's public geography through the routes: the zones and their hours, coverage of a point, the stores (set-up and places in delivery-support.ts).
 */
useDeliveryApp();

describe('GET /delivery/zones and /delivery/coverage', () => {
  it('lists the zones with their hours as of now: Dubai open, Fujairah closed until tomorrow 06:00, Ras Al Khaimah at 16:00', async () => {
    const { zones } = ok(await publicGet('/api/delivery/zones'), ZonesResponse);
    expect(zones.map((z) => z.id)).toEqual(['dubai', 'abu-dhabi', 'sharjah-ajman', 'al-ain', 'fujairah', 'ras-al-khaimah']);
    const byId = (id: string) => zones.find((z) => z.id === id);
    expect(byId('dubai')).toMatchObject({ open_now: true, next_opening: null, emirate: 'DU' });
    expect(byId('fujairah')).toMatchObject({ open_now: false, next_opening: '2026-01-16T02:00:00.000Z' });
    expect(byId('ras-al-khaimah')).toMatchObject({ open_now: false, next_opening: '2026-01-15T12:00:00.000Z' });
    expect(zones.some((z) => z.open_now) && zones.some((z) => !z.open_now)).toBe(true);
    t.clock.advance(2 * 3600_000);
    const later = ok(await publicGet('/api/delivery/zones'), ZonesResponse).zones;
    expect(later.find((z) => z.id === 'ras-al-khaimah')?.open_now).toBe(true);
  });

  it('answers open with the eta, closed (-128) with the next opening, unsupported (-401); the border is inside', async () => {
    const coverage = async (p: { lat: number; lng: number }) => ok(await publicGet(`/api/delivery/coverage?lat=${p.lat}&lng=${p.lng}`), CoverageResponse);
    expect(await coverage(DUBAI_MALL)).toEqual({ status: 'open', zone_id: 'dubai', eta: '2026-01-15T10:45:00.000Z', promise_minutes: 45 });
    expect(await coverage(DUBAI_CORNER)).toMatchObject({ status: 'open', zone_id: 'dubai' });
    // In the zone's outline but in the water: no courier goes there.
    expect(await coverage(MARINA_WATER)).toEqual({ status: 'unsupported', code: -401, reason: 'water' });
    expect(await coverage(DUBAI_CREEK)).toEqual({ status: 'unsupported', code: -401, reason: 'water' });
    expect(await coverage(FUJAIRAH)).toEqual({ status: 'closed', code: -128, zone_id: 'fujairah', next_opening: '2026-01-16T02:00:00.000Z' });
    expect(await coverage(LIWA)).toEqual({ status: 'unsupported', code: -401 });
    // 06:00 the next morning in the UAE: Fujairah is open, its 40 minutes promised.
    t.clock.advance(16 * 3600_000);
    expect(await coverage(FUJAIRAH)).toEqual({ status: 'open', zone_id: 'fujairah', eta: '2026-01-16T02:40:00.000Z', promise_minutes: 40 });
  });

  it('refuses a point that is missing or not a number', async () => {
    expectError(await publicGet('/api/delivery/coverage?lat=25.2'), 400, API_ERROR_CODES.badRequest, 'query.lng');
    expectError(await publicGet('/api/delivery/coverage?lat=abc&lng=55'), 400, API_ERROR_CODES.badRequest, 'query.lat');
    expectError(await publicGet('/api/delivery/coverage?lat=95&lng=55'), 400, API_ERROR_CODES.badRequest, 'query.lat');
  });
});

describe('GET /delivery/stores', () => {
  it('sorts the stores nearest first, in the asked language, with whether each is open now', async () => {
    const { stores } = ok(await publicGet(`/api/delivery/stores?lat=${AL_AIN.lat}&lng=${AL_AIN.lng}&lang=ar`), StoresResponse);
    expect(stores).toHaveLength(8);
    expect(stores[0]).toMatchObject({ id: 'al-ain-mall', name: 'العين مول', open_now: true });
    const distances = stores.map((s) => s.distance_m ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(stores.at(-1)?.id).toBe('rak-mall');
    const near = ok(await publicGet(`/api/delivery/stores?lat=${DUBAI_MALL.lat}&lng=${DUBAI_MALL.lng}`), StoresResponse).stores;
    expect(near[0]).toMatchObject({ id: 'dubai-mall', name: 'The Dubai Mall', distance_m: 0 });
  });

  it('answers without distances when no point is given, and refuses half a point', async () => {
    const { stores } = ok(await publicGet('/api/delivery/stores'), StoresResponse);
    expect(stores.every((s) => s.distance_m === null)).toBe(true);
    expectError(await publicGet('/api/delivery/stores?lat=25'), 400, API_ERROR_CODES.badRequest, 'query.lng');
  });
});
