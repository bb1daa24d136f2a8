import { PackagePrice } from '@join/shared/contract';
import { computePackagePrice, rechargeCharges, roundMoney } from '../pricing';

describe('pricing', () => {
  it('adds extras to the plan price and VAT on top of the net price', () => {
    const price = computePackagePrice({ planNetPrice: 99, vatPercentage: 5, extraCharges: rechargeCharges(20) });
    expect(price).toEqual({
      PlanNetPrice: 99,
      NetPrice: 119,
      VATPercentage: 5,
      VATAmount: 5.95,
      ExtraCharges: [{ Name: 'RechargeAmount', Amount: 20 }],
    });
    expect(PackagePrice.parse(price)).toEqual(price);
  });

  it('rounds VAT to fils', () => {
    expect(computePackagePrice({ planNetPrice: 33.33, vatPercentage: 5 }).VATAmount).toBe(1.67);
    expect(roundMoney(1.005)).toBe(1.01);
  });

  it('adds no charge for no top-up or a zero top-up', () => {
    expect(rechargeCharges(undefined)).toEqual([]);
    expect(rechargeCharges(0)).toEqual([]);
  });
});
