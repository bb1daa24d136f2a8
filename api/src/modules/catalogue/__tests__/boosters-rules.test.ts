import { UNLIMITED, VANITY_LEVELS, type Booster, type SubPlan } from '@join/shared/contract';
import { eligibleBoosters } from '../boosters';

const booster = (ID: number, Type: Booster['Type'], NetPrice: number, Tags: string[]): Booster => ({
  ID,
  Name: `b${ID}`,
  Type,
  Value: 1,
  Validity: 30,
  NetPrice,
  Tags,
});
const ALL = [
  booster(921, 'VOICE-INT', 20, ['voice']),
  booster(902, 'DATA', 60, ['data', 'popular']),
  booster(901, 'DATA', 25, ['data']),
  booster(911, 'VOICE-LCL', 15, ['voice']),
  booster(931, 'VOICE-INT', 99, ['voice', 'vip']),
];
const plan = (Type: SubPlan['Type'], Value: number): SubPlan => ({ ID: 1, Type, Name: '', Value, Validity: 30, DailyAllowanceValue: null, NetPrice: null });

describe('boosters', () => {
  it('lists by type order then cheapest first, vip-tagged ones only for a VIP number', () => {
    expect(eligibleBoosters(ALL, { plans: [], holdVanityLevel: VANITY_LEVELS.basic }).map((b) => b.ID)).toEqual([901, 902, 911, 921]);
    expect(eligibleBoosters(ALL, { plans: [], holdVanityLevel: VANITY_LEVELS.gold }).map((b) => b.ID)).toEqual([901, 902, 911, 921, 931]);
  });

  it('offers none of a type the plan has unlimited', () => {
    const plans = [plan('DATA', UNLIMITED), plan('VOICE-LCL', UNLIMITED), plan('VOICE-INT', 60_000)];
    expect(eligibleBoosters(ALL, { plans, holdVanityLevel: VANITY_LEVELS.bronze }).map((b) => b.ID)).toEqual([921, 931]);
  });

  it('filters by plan type and by tags that must all be carried', () => {
    const q = { plans: [], holdVanityLevel: VANITY_LEVELS.basic };
    expect(eligibleBoosters(ALL, { ...q, planType: 'DATA' }).map((b) => b.ID)).toEqual([901, 902]);
    expect(eligibleBoosters(ALL, { ...q, tags: ['data', 'popular'] }).map((b) => b.ID)).toEqual([902]);
    expect(eligibleBoosters(ALL, { ...q, tags: ['vip'] })).toEqual([]);
  });
});
