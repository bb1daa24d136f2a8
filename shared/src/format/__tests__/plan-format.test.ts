import { amountToPay, formatDailyAllowance, formatPromotionExtras, formatSubPlanTotal } from '../format';

const GB = 1024 ** 3;
const MIN = 60_000;

describe('formatSubPlanTotal (the validity days multiplier of SPEC 9)', () => {
  it('shows a daily voice allowance times the validity days', () => {
    expect(formatSubPlanTotal({ Type: 'VOICE-LCL', Value: 900 * MIN, Validity: 90, DailyAllowanceValue: 10 * MIN })).toEqual({
      vmo_ValueFormatted: '900',
      UnitFormatted: 'min',
    });
  });
  it('shows other voice and every data sub-plan by Value', () => {
    expect(formatSubPlanTotal({ Type: 'VOICE-INT', Value: 30 * MIN, Validity: 14, DailyAllowanceValue: null }).vmo_ValueFormatted).toBe('30');
    expect(formatSubPlanTotal({ Type: 'DATA', Value: -1, Validity: 28, DailyAllowanceValue: 10 * GB }).vmo_ValueFormatted).toBe('Unlimited');
  });
});

describe('formatDailyAllowance', () => {
  it('formats data and voice daily allowances, and nothing without one', () => {
    expect(formatDailyAllowance({ Type: 'DATA', DailyAllowanceValue: 10 * GB })).toBe('10 GB');
    expect(formatDailyAllowance({ Type: 'VOICE-LCL', DailyAllowanceValue: 10 * MIN })).toBe('10 min');
    expect(formatDailyAllowance({ Type: 'DATA', DailyAllowanceValue: null })).toBeNull();
    expect(formatDailyAllowance({ Type: 'DATA', DailyAllowanceValue: 0 })).toBeNull();
  });
});

describe('amountToPay', () => {
  it('adds the server VAT to the server net, exact to the fils', () => {
    expect(amountToPay({ NetPrice: 96.75, VATAmount: 4.84 })).toBe(101.59);
    expect(amountToPay({ NetPrice: 0.1, VATAmount: 0.2 })).toBe(0.3);
  });
});

describe('formatPromotionExtras (SPEC 3 extraDataFormatted, extraLocalFormatted, extraInternationalFormatted)', () => {
  it('formats what an AddOn or RecurringData adds to its sub-plan type', () => {
    expect(formatPromotionExtras({ Category: 'AddOn', Type: 'DATA', Plan: 'DATA', Value: 5 * GB }).extraDataFormatted).toBe('+5 GB');
    expect(formatPromotionExtras({ Category: 'RecurringData', Type: 'DATA', Plan: null, Value: 1.5 * GB }).extraDataFormatted).toBe('+1.5 GB');
    expect(formatPromotionExtras({ Category: 'AddOn', Type: 'VOICE-LCL', Plan: 'VOICE-LCL', Value: 100 * MIN }).extraLocalFormatted).toBe('+100 min');
    expect(formatPromotionExtras({ Category: 'AddOn', Type: 'VOICE-INT', Plan: null, Value: 60 * MIN }).extraInternationalFormatted).toBe('+60 min');
  });
  it('adds nothing for price promotions, streaming, or an empty value', () => {
    const none = { extraDataFormatted: null, extraLocalFormatted: null, extraInternationalFormatted: null };
    expect(formatPromotionExtras({ Category: 'AmountDiscount', Type: 'DATA', Plan: 'DATA', Value: 20 })).toEqual(none);
    expect(formatPromotionExtras({ Category: 'AddOn', Type: 'STREAMING', Plan: null, Value: 0 })).toEqual(none);
    expect(formatPromotionExtras({ Category: 'AddOn', Type: 'DATA', Plan: null, Value: 0 })).toEqual(none);
  });
});
