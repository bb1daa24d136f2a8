import { filtersFromStartParams, levelsFor, SEARCH_TIERS } from '../search-filters';
import { isVip, tierOf, warningThresholdSeconds } from '../hold';

describe('search filters', () => {
  it('maps tiers to vanity level ids; none ticked means the search default levels', () => {
    expect(levelsFor(['basic'])).toEqual([1, 2]);
    expect(levelsFor(['gold', 'bronze'])).toEqual([3, 4]);
    expect(levelsFor(['diamond', 'red'])).toEqual([6, 10]);
    expect(levelsFor([])).toEqual([1, 2, 3, 4, 6, 10]);
  });

  it('the vip start parameter opens the VIP tiers, or the one it names; search presets the digits', () => {
    expect(filtersFromStartParams({ vip: '1' })).toEqual({ pattern: '', match: 'contains', tiers: ['bronze', 'gold', 'diamond', 'red'] });
    expect(filtersFromStartParams({ vip: 'Gold' }).tiers).toEqual(['gold']);
    expect(filtersFromStartParams({ search: '12a34567890' }).pattern).toBe('1234567');
    expect(filtersFromStartParams({}).tiers).toEqual([...SEARCH_TIERS]);
  });
});

describe('hold and tiers', () => {
  const at = (start: number, seconds: number) => ({
    ReservationDate: new Date(start).toISOString(),
    ExpiryDate: new Date(start + seconds * 1000).toISOString(),
  });

  it('warns two minutes before the end, or at half of a short hold', () => {
    expect(warningThresholdSeconds(at(0, 900))).toBe(120);
    expect(warningThresholdSeconds(at(0, 8))).toBe(4);
    expect(warningThresholdSeconds({ ReservationDate: null, ExpiryDate: null })).toBe(120);
  });

  it('names the display tiers; basic numbers are not VIP', () => {
    expect([3, 4, 6, 10].map(tierOf)).toEqual(['bronze', 'gold', 'diamond', 'red']);
    expect(tierOf(1)).toBeNull();
    expect(isVip(2)).toBe(false);
    expect(isVip(6)).toBe(true);
  });
});
