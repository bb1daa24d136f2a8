import type { Product } from '@join/shared';
import { sortByPlanNetPrice } from '../hooks/use-tourist-products';

const product = (code: number, price: number): Product => ({
  ProductCode: code,
  Name: `Tourist ${code}`,
  ProductCategory: 'PAYG',
  CommitmentDuration: 1,
  AvailablePlans: [],
  PackagesPricingTable: [{ NetPrice: price, PlanNetPrice: price, VATPercentage: 5, VATAmount: price * 0.05, ExtraCharges: [] }],
  AllowedFeatures: [],
  Promotions: [],
});

describe('tourist products', () => {
  it('sorts tourist products by plan net price', () => {
    expect(sortByPlanNetPrice([product(187, 99), product(188, 35), product(196, 150)]).map((p) => p.ProductCode)).toEqual([188, 187, 196]);
  });
});
