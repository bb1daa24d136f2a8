import { Msisdn, VANITY_LEVELS } from '@join/shared/contract';
import { DEFAULT_POOL_SIZE, generateNumberPool, POOL_SEED } from '../seed/number-pool';
import { classifyMsisdn } from '../seed/vanity';

describe('number pool', () => {
  const pool = generateNumberPool();

  it('has 100,000 distinct valid 97158 numbers', () => {
    expect(pool).toHaveLength(DEFAULT_POOL_SIZE);
    expect(new Set(pool.map((n) => n.msisdn)).size).toBe(pool.length);
    expect(pool.every((n) => n.msisdn.startsWith('97158') && Msisdn.safeParse(n.msisdn).success)).toBe(true);
  });

  it('stores the level the classifier gives', () => {
    for (const n of pool.slice(0, 2000)) expect(n.vanityLevel).toBe(classifyMsisdn(n.msisdn));
  });

  it('has at least a few hundred numbers in every tier', () => {
    const counts = new Map<number, number>();
    for (const n of pool) counts.set(n.vanityLevel, (counts.get(n.vanityLevel) ?? 0) + 1);
    for (const level of Object.values(VANITY_LEVELS)) expect(counts.get(level) ?? 0).toBeGreaterThanOrEqual(300);
  });

  it('finishes when a tier is asked for more numbers than exist (as the 1,000,000-number benchmark does)', () => {
    // 20% of 20,000 is 4,000 diamonds, more than the ~3,000 distinct five-in-a-row numbers.
    const greedy = generateNumberPool(20_000, POOL_SEED, 0.2);
    expect(greedy).toHaveLength(20_000);
    expect(greedy.filter((n) => n.vanityLevel === VANITY_LEVELS.diamond).length).toBeGreaterThan(2000);
  });

  it('is the same on every run', () => {
    expect(generateNumberPool(500)).toEqual(generateNumberPool(500));
  });
});
