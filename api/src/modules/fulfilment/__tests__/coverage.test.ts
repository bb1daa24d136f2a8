import type { OpeningPeriod } from '@join/shared/contract';
import { SEED_STORES, SEED_ZONES } from '../seed/delivery';
import { coverageAt, distanceMetres, everyDay, isOpenAt, nextChange, nextClosing, nextOpening, pointInPolygon, weeklyIntervals } from '../coverage';

/** A moment in local UAE time (UTC+4): 2026-01-15 is a Thursday. */
const dubai = (day: number, hh: number, mm = 0): number => Date.UTC(2026, 0, day, hh - 4, mm);
const THU = 15;
const FRI = 16;
const SAT = 17;
const SUN = 18;

const zone = (id: string) => {
  const z = SEED_ZONES.find((s) => s.id === id);
  if (!z) throw new Error(`no zone ${id}`);
  return z;
};
const store = (id: string) => {
  const s = SEED_STORES.find((x) => x.id === id);
  if (!s) throw new Error(`no store ${id}`);
  return s;
};

describe('point in zone', () => {
  const square: [number, number][][] = [[[55, 25], [56, 25], [56, 26], [55, 26], [55, 25]]];

  it('knows inside from outside, in a hand-made square and in the seeded zones', () => {
    expect(pointInPolygon({ lat: 25.5, lng: 55.5 }, square)).toBe(true);
    expect(pointInPolygon({ lat: 26.5, lng: 55.5 }, square)).toBe(false);
    const mall = store('dubai-mall');
    expect(pointInPolygon(mall, zone('dubai').polygon)).toBe(true);
    expect(pointInPolygon(mall, zone('sharjah-ajman').polygon)).toBe(false);
    expect(pointInPolygon(store('yas-mall'), zone('abu-dhabi').polygon)).toBe(true);
    // Liwa, in the Western Region's desert: no zone.
    expect(SEED_ZONES.some((z) => pointInPolygon({ lat: 23.13, lng: 53.77 }, z.polygon))).toBe(false);
  });

  it('has seeded zones drawn as closed rings of a few dozen points, each city\'s stores inside its own zone only', () => {
    for (const z of SEED_ZONES) {
      const ring = z.polygon[0] ?? [];
      expect(ring.length).toBeGreaterThanOrEqual(25);
      expect(ring[0]).toEqual(ring.at(-1));
    }
    const cities: Record<string, string> = {
      'dubai-mall': 'dubai',
      'mall-of-the-emirates': 'dubai',
      'dxb-terminal-3': 'dubai',
      'abu-dhabi-mall': 'abu-dhabi',
      'yas-mall': 'abu-dhabi',
      'sharjah-city-centre': 'sharjah-ajman',
      'al-ain-mall': 'al-ain',
      'rak-mall': 'ras-al-khaimah',
    };
    for (const s of SEED_STORES) {
      expect([s.id, SEED_ZONES.filter((z) => pointInPolygon(s, z.polygon)).map((z) => z.id)]).toEqual([s.id, [cities[s.id]]]);
    }
  });

  it('counts the border as inside: an edge and a corner', () => {
    expect(pointInPolygon({ lat: 25, lng: 55.5 }, square)).toBe(true);
    expect(pointInPolygon({ lat: 26, lng: 56 }, square)).toBe(true);
    // A corner of the seeded Dubai zone.
    expect(pointInPolygon({ lat: 25.18, lng: 55.44 }, zone('dubai').polygon)).toBe(true);
  });

  it('leaves a hole out, and an empty polygon covers nothing', () => {
    const withHole: [number, number][][] = [...square, [[55.4, 25.4], [55.6, 25.4], [55.6, 25.6], [55.4, 25.6], [55.4, 25.4]]];
    expect(pointInPolygon({ lat: 25.5, lng: 55.5 }, withHole)).toBe(false);
    expect(pointInPolygon({ lat: 25.2, lng: 55.2 }, withHole)).toBe(true);
    expect(pointInPolygon({ lat: 25.5, lng: 55.5 }, [])).toBe(false);
  });
});

describe('opening hours in UAE time', () => {
  const fujairah = everyDay('06:00', '14:00');

  it('is open from the opening minute until (not at) the closing minute, in UAE time whatever the UTC date', () => {
    expect(isOpenAt(fujairah, dubai(THU, 6, 0))).toBe(true);
    expect(isOpenAt(fujairah, dubai(THU, 13, 59))).toBe(true);
    expect(isOpenAt(fujairah, dubai(THU, 14, 0))).toBe(false);
    expect(isOpenAt(fujairah, dubai(THU, 5, 59))).toBe(false);
    // 02:00 in Dubai is 22:00 UTC of the day before.
    expect(isOpenAt(everyDay('00:00', '03:00'), dubai(THU, 2, 0))).toBe(true);
  });

  it('reads 24:00 as midnight and joins a period crossing midnight written as two', () => {
    const lateNights: OpeningPeriod[] = [
      { day: 6, opens: '16:00', closes: '24:00' },
      { day: 0, opens: '00:00', closes: '02:00' },
    ];
    expect(isOpenAt(lateNights, dubai(SAT, 23, 59))).toBe(true);
    expect(isOpenAt(lateNights, dubai(SUN, 1, 0))).toBe(true);
    expect(isOpenAt(lateNights, dubai(SUN, 2, 0))).toBe(false);
    // One interval across the week's end, so the closing is Sunday 02:00, not Saturday midnight.
    expect(weeklyIntervals(lateNights)).toEqual([[6 * 1440 + 960, 7 * 1440 + 120]]);
    expect(nextClosing(lateNights, dubai(SAT, 20))).toBe(dubai(SUN, 2));
  });

  it('finds the next opening later the same day, the next day, and across the week end', () => {
    expect(nextOpening(fujairah, dubai(THU, 3))).toBe(dubai(THU, 6));
    expect(nextOpening(fujairah, dubai(THU, 15))).toBe(dubai(FRI, 6));
    const sundaysOnly: OpeningPeriod[] = [{ day: 0, opens: '09:00', closes: '17:00' }];
    expect(nextOpening(sundaysOnly, dubai(SAT, 20))).toBe(dubai(SUN, 9));
    // Thursday afternoon: the next Sunday is three days on.
    expect(nextOpening(sundaysOnly, dubai(THU, 15))).toBe(dubai(SUN, 9));
    // Sunday after closing: a whole week on.
    expect(nextOpening(sundaysOnly, dubai(SUN, 18))).toBe(dubai(SUN + 7, 9));
    expect(nextOpening(fujairah, dubai(THU, 8))).toBeNull();
  });

  it('names the next change: the closing when open, the opening when closed, none around the clock or never', () => {
    expect(nextChange(fujairah, dubai(THU, 8))).toBe(dubai(THU, 14));
    expect(nextChange(fujairah, dubai(THU, 20))).toBe(dubai(FRI, 6));
    expect(nextChange(everyDay('00:00', '24:00'), dubai(THU, 8))).toBeNull();
    expect(isOpenAt(everyDay('00:00', '24:00'), dubai(SAT, 23, 59))).toBe(true);
    expect(nextChange([], dubai(THU, 8))).toBeNull();
    expect(isOpenAt([], dubai(THU, 8))).toBe(false);
  });

  it('keeps the Dubai Mall open past midnight on weekend nights', () => {
    const hours = store('dubai-mall').hours;
    expect(isOpenAt(hours, dubai(SAT, 0, 30))).toBe(true);
    expect(isOpenAt(hours, dubai(FRI, 0, 30))).toBe(false);
    expect(nextClosing(hours, dubai(FRI, 22))).toBe(dubai(SAT, 1));
  });
});

describe('coverage of a point', () => {
  const abuDhabiMall = store('abu-dhabi-mall');

  it('is open, closed with the next opening, or unsupported', () => {
    expect(coverageAt(SEED_ZONES, abuDhabiMall, dubai(THU, 12))).toMatchObject({ status: 'open', zone: { id: 'abu-dhabi' } });
    expect(coverageAt(SEED_ZONES, abuDhabiMall, dubai(THU, 23))).toEqual({ status: 'closed', zone: zone('abu-dhabi'), nextOpeningMs: dubai(FRI, 8) });
    expect(coverageAt(SEED_ZONES, { lat: 23.13, lng: 53.77 }, dubai(THU, 12))).toEqual({ status: 'unsupported' });
  });

  it('has, at every quarter hour of the week, one seeded zone open and one closed (the browser tests rely on it)', () => {
    for (let minute = 0; minute < 7 * 24 * 60; minute += 15) {
      const at = dubai(SUN, 0) + minute * 60_000;
      const open = SEED_ZONES.filter((z) => isOpenAt(z.hours, at));
      expect(open.length).toBeGreaterThan(0);
      expect(open.length).toBeLessThan(SEED_ZONES.length);
    }
  });
});

describe('distance', () => {
  it('measures great-circle metres', () => {
    expect(distanceMetres({ lat: 25, lng: 55 }, { lat: 25, lng: 55 })).toBe(0);
    // One degree of latitude is about 111.2 km.
    expect(distanceMetres({ lat: 25, lng: 55 }, { lat: 26, lng: 55 })).toBeCloseTo(111_195, -2);
    // The Dubai Mall to the Mall of the Emirates: about 12 km.
    const d = distanceMetres(store('dubai-mall'), store('mall-of-the-emirates'));
    expect(d).toBeGreaterThan(11_000);
    expect(d).toBeLessThan(13_000);
  });
});
