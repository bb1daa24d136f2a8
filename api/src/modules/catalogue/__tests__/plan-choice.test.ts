import { UNLIMITED, type SubPlan } from '@join/shared/contract';
import type { CatalogueProduct } from '../catalogue';
import { checkChoice, checkKnownPlans, dearestChoice, defaultChoice, planBaseOf } from '../plan-choice';

const plan = (ID: number, Type: SubPlan['Type'], NetPrice: number | null = null, Value = 1): SubPlan => ({
  ID,
  Type,
  Name: `plan ${ID}`,
  Value,
  Validity: 30,
  DailyAllowanceValue: null,
  NetPrice,
});

const product = (over: Partial<CatalogueProduct>): CatalogueProduct => ({
  code: 1,
  name: 'p',
  category: 'PAYG',
  commitmentMonths: 1,
  tourist: false,
  customizable: false,
  vanityLevel: null,
  allowedFeatures: [],
  fixedNetPrice: 50,
  listNetPrice: null,
  termSavingPercentage: null,
  plans: [plan(11, 'DATA'), plan(12, 'VOICE-LCL'), plan(13, 'VOICE-INT')],
  promotions: [],
  ...over,
});

const options = [
  plan(101, 'DATA', 30),
  plan(102, 'DATA', 120, UNLIMITED),
  plan(105, 'VOICE-LCL', 10),
  plan(106, 'VOICE-LCL', 35),
  plan(108, 'VOICE-INT', 10),
  plan(109, 'VOICE-INT', 60),
];
const custom = (over: Partial<CatalogueProduct> = {}) => product({ customizable: true, fixedNetPrice: null, plans: options, ...over });

describe('a fixed product', () => {
  const fixed = product({});

  it('is bought whole, in any order', () => {
    expect(checkChoice(fixed, [13, 11, 12])).toEqual({ ok: true, chosen: fixed.plans });
  });

  it('names a missing, unknown or repeated plan', () => {
    expect(checkChoice(fixed, [11])).toEqual({ ok: false, why: expect.stringMatching(/bought whole.*missing 12, 13/) });
    expect(checkChoice(fixed, [11, 12, 13, 14])).toEqual({ ok: false, why: 'plan 14 is not a plan of this product' });
    expect(checkChoice(fixed, [11, 11, 12, 13])).toEqual({ ok: false, why: 'plan 11 is listed twice' });
    expect(checkKnownPlans(fixed, [11])).toMatchObject({ ok: true });
  });

  it('is priced at its bundle price, or its list price less the term’s saving', () => {
    expect(planBaseOf(fixed, fixed.plans)).toEqual({ planNetPrice: 50 });
    const commitment = product({ category: 'Commitment', fixedNetPrice: null, listNetPrice: 100, termSavingPercentage: 30 });
    expect(planBaseOf(commitment, commitment.plans)).toEqual({ listNetPrice: 100, savingPercentage: 30 });
    // A term's saving applies only to products priced from a list price or options.
    expect(planBaseOf(product({ termSavingPercentage: 50 }), [])).toEqual({ planNetPrice: 50 });
    expect(planBaseOf(product({ fixedNetPrice: null }), [])).toBeNull();
  });
});

describe('a customizable product', () => {
  it('takes one DATA, one VOICE-LCL and at most one VOICE-INT option, answered in type order', () => {
    expect(checkChoice(custom(), [105, 101])).toMatchObject({ ok: true, chosen: [{ ID: 101 }, { ID: 105 }] });
    expect(checkChoice(custom(), [109, 106, 102])).toMatchObject({ ok: true, chosen: [{ ID: 102 }, { ID: 106 }, { ID: 109 }] });
    expect(checkChoice(custom(), [105])).toEqual({ ok: false, why: 'choose exactly one DATA option (0 given)' });
    expect(checkChoice(custom(), [101, 102, 105])).toEqual({ ok: false, why: 'choose exactly one DATA option (2 given)' });
    expect(checkChoice(custom(), [101])).toEqual({ ok: false, why: 'choose exactly one VOICE-LCL option (0 given)' });
    expect(checkChoice(custom(), [101, 105, 108, 109])).toEqual({ ok: false, why: 'choose at most one VOICE-INT option (2 given)' });
    expect(checkChoice(custom(), [101, 105, 13])).toEqual({ ok: false, why: 'plan 13 is not a plan of this product' });
  });

  it('lists at its cheapest choice (no VOICE-INT) and knows its dearest', () => {
    expect(defaultChoice(custom()).map((p) => p.ID)).toEqual([101, 105]);
    expect(dearestChoice(custom()).map((p) => p.ID)).toEqual([102, 106, 109]);
  });

  it('is priced as the sum of the chosen options less the term’s saving', () => {
    const chosen = options.filter((p) => [102, 106, 109].includes(p.ID));
    expect(planBaseOf(custom(), chosen)).toEqual({ listNetPrice: 215, savingPercentage: null });
    expect(planBaseOf(custom({ termSavingPercentage: 50 }), chosen)).toEqual({ listNetPrice: 215, savingPercentage: 50 });
  });
});
