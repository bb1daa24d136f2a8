import { amountBeforeDiscounts, commitmentTotal, monthlyShare } from '../format';
import type { SubPlan } from '../../schemas/entities';
import {
  formatAed,
  formatCountdown,
  formatDataValue,
  formatMsisdn,
  formatPhoneForReading,
  formatSubPlan,
  hasFreeInternationalCalling,
  msToMinutes,
  priceWithVat,
  sortSubPlans,
  subPlanIdsByType,
  toMsisdn,
  vatFactor,
} from '../format';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

function sub(ID: number, Type: SubPlan['Type'], Value: number): SubPlan {
  return { ID, Type, Name: `${Type} ${ID}`, Value, Validity: 30, DailyAllowanceValue: null, NetPrice: null };
}

describe('formatDataValue', () => {
  it.each<[number, string, string]>([
    [1073741824, '1', 'GB'],
    [1536 * MB, '1.5', 'GB'],
    [500 * MB, '500', 'MB'],
    [1.25 * GB, '1.25', 'GB'],
    [100 * GB, '100', 'GB'],
    [1024 * GB, '1', 'TB'],
    [1023, '1023', 'B'],
    [1024, '1', 'KB'],
    [0, '0', 'B'],
    [GB - 1, '1', 'GB'],
    [1.333 * GB, '1.33', 'GB'],
  ])('%d bytes -> %s %s', (bytes, value, unit) => {
    expect(formatDataValue(bytes)).toEqual({ value, unit });
  });

  it('shows -1 as Unlimited, short unl', () => {
    expect(formatDataValue(-1)).toEqual({ value: 'Unlimited', unit: '' });
    expect(formatDataValue(-1, { short: true })).toEqual({ value: 'unl', unit: '' });
  });

  it.each([-2, -1024, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (bytes) => {
    expect(() => formatDataValue(bytes)).toThrow(RangeError);
  });
});

describe('msToMinutes', () => {
  it('converts milliseconds to minutes and applies the validity multiplier', () => {
    expect(msToMinutes(60_000)).toBe(1);
    expect(msToMinutes(6_000_000)).toBe(100);
    expect(msToMinutes(90_000)).toBe(2);
    expect(msToMinutes(6_000_000, 30)).toBe(3000);
    expect(msToMinutes(30_000, 3)).toBe(2);
    expect(msToMinutes(0)).toBe(0);
  });

  it('keeps unlimited', () => {
    expect(msToMinutes(-1, 30)).toBe(-1);
  });

  it('rejects impossible values', () => {
    expect(() => msToMinutes(-60_000)).toThrow(RangeError);
    expect(() => msToMinutes(Number.NaN)).toThrow(RangeError);
    expect(() => msToMinutes(60_000, 0)).toThrow(RangeError);
    expect(() => msToMinutes(60_000, -1)).toThrow(RangeError);
  });
});

describe('formatSubPlan', () => {
  it('formats data in 1024 steps', () => {
    expect(formatSubPlan(sub(1, 'DATA', 10 * GB))).toEqual({ vmo_ValueFormatted: '10', UnitFormatted: 'GB' });
    expect(formatSubPlan(sub(1, 'DATA', 512 * MB))).toEqual({ vmo_ValueFormatted: '512', UnitFormatted: 'MB' });
  });

  it('formats voice in minutes with the multiplier', () => {
    expect(formatSubPlan(sub(2, 'VOICE-LCL', 6_000_000))).toEqual({ vmo_ValueFormatted: '100', UnitFormatted: 'min' });
    expect(formatSubPlan(sub(3, 'VOICE-INT', 600_000), { validityMultiplier: 7 })).toEqual({
      vmo_ValueFormatted: '70',
      UnitFormatted: 'min',
    });
  });

  it('does not apply the multiplier to data', () => {
    expect(formatSubPlan(sub(1, 'DATA', GB), { validityMultiplier: 7 })).toEqual({ vmo_ValueFormatted: '1', UnitFormatted: 'GB' });
  });

  it('shows unlimited of any type as Unlimited, short unl', () => {
    expect(formatSubPlan(sub(1, 'DATA', -1))).toEqual({ vmo_ValueFormatted: 'Unlimited', UnitFormatted: '' });
    expect(formatSubPlan(sub(2, 'VOICE-LCL', -1), { short: true })).toEqual({ vmo_ValueFormatted: 'unl', UnitFormatted: '' });
  });

  it('rejects impossible values', () => {
    expect(() => formatSubPlan(sub(1, 'DATA', -5))).toThrow(RangeError);
    expect(() => formatSubPlan(sub(1, 'VOICE-INT', -5))).toThrow(RangeError);
  });
});

describe('sub-plan ordering and grouping', () => {
  const plans = [sub(1, 'VOICE-INT', 1), sub(2, 'DATA', 1), sub(3, 'VOICE-LCL', 1), sub(4, 'DATA', 2), sub(5, 'VOICE-INT', 2)];

  it('sorts DATA, VOICE-LCL, VOICE-INT, keeping order within a type, without mutating', () => {
    expect(sortSubPlans(plans).map((p) => p.ID)).toEqual([2, 4, 3, 1, 5]);
    expect(plans.map((p) => p.ID)).toEqual([1, 2, 3, 4, 5]);
  });

  it('groups the IDs by type, every type present', () => {
    expect(subPlanIdsByType(plans)).toEqual({ DATA: [2, 4], 'VOICE-LCL': [3], 'VOICE-INT': [1, 5] });
    expect(subPlanIdsByType([])).toEqual({ DATA: [], 'VOICE-LCL': [], 'VOICE-INT': [] });
  });
});

describe('MSISDN', () => {
  it.each([
    ['971581234567', '0581234567'],
    ['+971581234567', '0581234567'],
    ['00971581234567', '0581234567'],
    ['971 58 123 4567', '0581234567'],
  ])('%s -> %s', (msisdn, local) => {
    expect(formatMsisdn(msisdn)).toBe(local);
  });

  it('groups for display on request', () => {
    expect(formatMsisdn('971581234567', { grouped: true })).toBe('058 123 4567');
  });

  it.each(['12345', '0581234567', '97158123456', '971481234567', '447123456789', ''])('returns %j unchanged', (input) => {
    expect(formatMsisdn(input)).toBe(input);
  });

  it.each([
    ['0581234567', '971581234567'],
    ['581234567', '971581234567'],
    ['058 123 4567', '971581234567'],
    ['971581234567', '971581234567'],
    ['+971581234567', '971581234567'],
  ])('toMsisdn(%s) -> %s', (local, msisdn) => {
    expect(toMsisdn(local)).toBe(msisdn);
  });

  it.each(['058123456', '05812345678', '0412345678', 'abc', ''])('toMsisdn(%j) is null', (local) => {
    expect(toMsisdn(local)).toBeNull();
  });

  it('round-trips', () => {
    expect(toMsisdn(formatMsisdn('971501112233'))).toBe('971501112233');
  });
});

describe('VAT and prices', () => {
  it('turns the percentage into a factor', () => {
    expect(vatFactor(5)).toBe(1.05);
    expect(vatFactor(0)).toBe(1);
    expect(() => vatFactor(-5)).toThrow(RangeError);
    expect(() => vatFactor(Number.NaN)).toThrow(RangeError);
  });

  it.each<[number, number, number]>([
    [50, 5, 52.5],
    [100, 5, 105],
    [1.005, 5, 1.06],
    [0.1, 5, 0.11],
    [10.01, 5, 10.51],
    [19.99, 5, 20.99],
    [75.24, 5, 79],
    [99, 0, 99],
  ])('%d net at %d%% is %d', (net, p, gross) => {
    expect(priceWithVat(net, p)).toBe(gross);
  });

  it('rejects impossible prices', () => {
    expect(() => priceWithVat(-1, 5)).toThrow(RangeError);
    expect(() => priceWithVat(1, Number.NaN)).toThrow(RangeError);
  });

  it('formats AED in English with two decimals and grouping', () => {
    expect(formatAed(52.5)).toBe('AED 52.50');
    expect(formatAed(0)).toBe('AED 0.00');
    expect(formatAed(1234.5)).toBe('AED 1,234.50');
    expect(formatAed(52.499)).toBe('AED 52.50');
    expect(() => formatAed(Number.NaN)).toThrow(RangeError);
  });

  it('formats AED in Arabic with Latin digits', () => {
    const text = formatAed(52.5, 'ar');
    expect(text).toContain('52.50');
    expect(text).toMatch(/د\.إ/);
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });

  it('gives free international calling from a net price of 2600', () => {
    expect(hasFreeInternationalCalling(2600)).toBe(true);
    expect(hasFreeInternationalCalling(3000)).toBe(true);
    expect(hasFreeInternationalCalling(2599.99)).toBe(false);
  });
});

describe('formatCountdown', () => {
  it.each<[number, string]>([
    [0, '00:00'],
    [5, '00:05'],
    [59, '00:59'],
    [60, '01:00'],
    [899, '14:59'],
    [3600, '60:00'],
    [0.2, '00:01'],
    [-3, '00:00'],
  ])('%d s -> %s', (s, text) => {
    expect(formatCountdown(s)).toBe(text);
  });

  it('rejects a value that is not a number of seconds', () => {
    expect(() => formatCountdown(Number.NaN)).toThrow(RangeError);
    expect(() => formatCountdown(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('price display helpers', () => {
  it('adds the discounts back, with VAT, for the struck-through price', () => {
    // Tourist Data 28 days: 129 less 25 % (32.25) = 96.75, VAT 5 %.
    const price = { NetPrice: 96.75, PlanNetPrice: 129, VATAmount: 4.84, VATPercentage: 5, Discounts: [{ Name: 'data_25_off', Amount: 32.25 }] };
    expect(amountBeforeDiscounts(price)).toBe(135.45);
    expect(amountBeforeDiscounts({ ...price, Discounts: [] })).toBe(101.59);
    // Commitment 12 months: list 100 a month, 50 with the saving.
    expect(amountBeforeDiscounts({ NetPrice: 50, PlanNetPrice: 50, VATAmount: 2.5, VATPercentage: 5, Discounts: [] }, 100)).toBe(105);
  });
  it('totals a commitment and shares a term price by month, in fils', () => {
    expect(commitmentTotal(52.5, 12)).toBe(630);
    expect(commitmentTotal(73.5, 6)).toBe(441);
    expect(monthlyShare(1888.95, 12)).toBe(157.41);
    expect(() => commitmentTotal(10, 0)).toThrow(RangeError);
  });
});

describe('formatPhoneForReading', () => {
  it('groups UAE mobiles and landlines after +971, and leaves other countries as + and digits', () => {
    expect(formatPhoneForReading('971588000800')).toBe('+971 58 800 0800');
    expect(formatPhoneForReading('97143000000')).toBe('+971 4 300 0000');
    expect(formatPhoneForReading('4420711111')).toBe('+4420711111');
  });
});
