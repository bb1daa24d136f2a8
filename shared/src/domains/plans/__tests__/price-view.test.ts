import type { PackagePrice } from '@join/shared';
import { productPriceView } from '../price-view';

const price = (net: number, plan: number, discounts: number[] = []): PackagePrice => {
  const vat = Math.round(net * 5) / 100;
  return { NetPrice: net, PlanNetPrice: plan, VATPercentage: 5, VATAmount: vat, ExtraCharges: [], Discounts: discounts.map((a, i) => ({ Name: `d${i}`, Amount: a })) };
};

describe('productPriceView', () => {
  it('a discounted tourist plan: the original before the discount, no period', () => {
    const v = productPriceView({ ProductCategory: 'PAYG', CommitmentDuration: 1, ListNetPrice: null }, price(96.75, 129, [32.25]));
    expect(v).toEqual({ amount: 101.59, original: 135.45, period: null, total: null, monthly: null });
  });

  it('a plan without a discount has no original', () => {
    expect(productPriceView({ ProductCategory: 'PAYG', CommitmentDuration: 1, ListNetPrice: null }, price(99, 99)).original).toBeNull();
  });

  it('a commitment: the monthly price, its list price struck through and the total for its months', () => {
    const v = productPriceView({ ProductCategory: 'Commitment', CommitmentDuration: 12, ListNetPrice: 100 }, price(50, 50));
    expect(v).toEqual({ amount: 52.5, original: 105, period: { kind: 'month' }, total: { amount: 630, months: 12 }, monthly: null });
  });

  it('a VIP plan: the price for the whole term and its monthly share', () => {
    const v = productPriceView({ ProductCategory: 'VIP', CommitmentDuration: 12, ListNetPrice: null }, price(1799, 1799));
    expect(v.amount).toBe(1888.95);
    expect(v.period).toEqual({ kind: 'term', months: 12 });
    expect(v.monthly).toBe(157.41);
    expect(v.total).toBeNull();
  });
});
