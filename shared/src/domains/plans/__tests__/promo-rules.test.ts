import { VALIDATION_MESSAGES as M, type ValidationResult } from '@join/shared';
import { isStreamingPromoEligible, PROMO_HINT_MIN_AED, showsPaymentPromoHint, validatePromoCode } from '../promo-rules';

const OK: ValidationResult = { valid: true };
const bad = (message: string) => ({ valid: false, message });

describe('promo code', () => {
  const limits = { min: 4, max: 8 };
  it('accepts a length within the configured bounds, inclusive', () => {
    expect(validatePromoCode('ABCD', limits)).toEqual(OK);
    expect(validatePromoCode('ABCDEFGH', limits)).toEqual(OK);
    expect(validatePromoCode(' ABCD ', limits)).toEqual(OK);
  });
  it('rejects a length outside them', () => {
    expect(validatePromoCode('ABC', limits)).toEqual(bad(M.wrongValue));
    expect(validatePromoCode('ABCDEFGHI', limits)).toEqual(bad(M.wrongValue));
    expect(validatePromoCode('', limits)).toEqual(bad(M.required));
  });
});

describe('promo hints', () => {
  const price = (PlanNetPrice: number, VATPercentage = 5) => ({ PlanNetPrice, VATPercentage });
  it('shows the payment promo hint for a plan of AED 79 or more, VAT included (SPEC 5)', () => {
    expect(PROMO_HINT_MIN_AED).toBe(79);
    expect(showsPaymentPromoHint(price(79, 0))).toBe(true);
    expect(showsPaymentPromoHint(price(78.99, 0))).toBe(false);
    expect(showsPaymentPromoHint(price(150))).toBe(true);
    // 75.24 + 5% = 79.002, shown as AED 79.00; 75.23 + 5% = 78.9915, shown as AED 78.99.
    expect(showsPaymentPromoHint(price(75.24))).toBe(true);
    expect(showsPaymentPromoHint(price(75.23))).toBe(false);
  });
  it('offers the streaming promo from AED 150 excluding VAT', () => {
    expect(isStreamingPromoEligible(150)).toBe(true);
    expect(isStreamingPromoEligible(149.99)).toBe(false);
  });
});
