import { toFils } from '@join/shared';
import { instalmentPlan } from '../schemas';

describe('instalmentPlan', () => {
  it('splits into equal payments, the first today, the odd fils with the first', () => {
    expect(instalmentPlan(10001, 4, '2026-11-23')).toEqual([
      { number: 1, due_date: '2026-11-23', amount_fils: 2501 },
      { number: 2, due_date: '2026-12-23', amount_fils: 2500 },
      { number: 3, due_date: '2027-01-23', amount_fils: 2500 },
      { number: 4, due_date: '2027-02-23', amount_fils: 2500 },
    ]);
  });

  it('keeps to the last day of a shorter month, and the total is the amount', () => {
    const plan = instalmentPlan(toFils(157.5), 4, '2027-01-31');
    expect(plan.map((p) => p.due_date)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(plan.reduce((sum, p) => sum + p.amount_fils, 0)).toBe(15750);
  });

  it('refuses what is not an amount, a count or a date', () => {
    expect(() => instalmentPlan(10.5, 4, '2026-11-23')).toThrow(RangeError);
    expect(() => instalmentPlan(100, 0, '2026-11-23')).toThrow(RangeError);
    expect(() => instalmentPlan(100, 4, '23/11/2026')).toThrow(RangeError);
  });
});
