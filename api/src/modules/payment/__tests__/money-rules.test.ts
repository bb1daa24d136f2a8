import { toFils as contractToFils, showsPaymentPromoHint, type PackagePrice } from '@join/shared/contract';
import { computePackagePrice, toFils as pricingToFils } from '../../catalogue/pricing';
import { amountOf, showsPromoHint } from '../payment';

/**
 * The server prices a plan (pricing.ts) and charges it (payment.ts) with the contract's rules: one
 * AED-to-fils conversion and one promo-hint rule, the same functions the browser runs.
 */
describe('one money rule on both sides of the contract', () => {
  // Amounts whose binary form lies just below the half fils, and a sum with binary noise.
  const cases: [number, number][] = [
    [1.005, 101],
    [2.675, 268],
    [1000.005, 100001],
    [0.1 + 0.2, 30],
    [78.75, 7875],
    [-1.005, -101],
    [0, 0],
  ];

  it.each(cases)('AED %p is %p fils in pricing, in the charge and in the contract', (aed, fils) => {
    expect(contractToFils(aed)).toBe(fils);
    expect(pricingToFils(aed)).toBe(fils);
    expect(amountOf({ ...computePackagePrice({ planNetPrice: 0, vatPercentage: 0 }), NetPrice: aed, VATAmount: 0 }).amountFils).toBe(fils);
  });

  it('pricing converts with the contract’s toFils (not a second copy)', () => {
    expect(pricingToFils).toBe(contractToFils);
  });

  const price = (planNet: number, extras = 0, vat = 5): PackagePrice =>
    computePackagePrice({ planNetPrice: planNet, vatPercentage: vat, extraCharges: extras ? [{ Name: 'RechargeAmount', Amount: extras }] : [] });

  it.each([
    // SPEC 5: "a plan of AED 79 or more": the plan's price with VAT, as the visitor sees it.
    [75.24, 0, true], // 79.002 with VAT
    [75.23, 0, false], // 78.99 with VAT
    [79, 0, true],
    [50, 50, false], // a AED 50 plan with a AED 50 top-up: the top-up is not the plan
  ])('the summary’s promo hint for a plan of net AED %p with AED %p of extras is %p, as on the plan step', (net, extras, shown) => {
    const p = price(net, extras);
    expect(showsPromoHint(p)).toBe(shown);
    expect(showsPaymentPromoHint(p)).toBe(shown);
  });
});
