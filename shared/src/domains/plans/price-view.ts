import { amountBeforeDiscounts, amountToPay, commitmentTotal, monthlyShare, type PackagePrice, type PricePeriod, type Product } from '@join/shared';

/** The props of the kernel's Price for a listed product's price (a card, a VIP plan). */
export interface ProductPriceView {
  amount: number;
  original: number | null;
  period: PricePeriod | null;
  total: { amount: number; months: number } | null;
  monthly: number | null;
}

/**
 * How a product's price reads, from the server's PackagePrice only:
 * - a discount (an automatic promotion, or a commitment's saving on its monthly list price)
 *   shows the original struck through and the saving;
 * - a commitment is priced a month: the monthly price and the total for its months;
 * - a VIP plan is priced for its whole term: that total and its monthly share.
 */
export function productPriceView(
  product: Pick<Product, 'ProductCategory' | 'CommitmentDuration' | 'ListNetPrice'>,
  price: PackagePrice,
): ProductPriceView {
  const amount = amountToPay(price);
  const before = amountBeforeDiscounts(price, product.ListNetPrice);
  const original = before > amount ? before : null;
  const months = product.CommitmentDuration;
  if (product.ProductCategory === 'VIP') {
    return { amount, original, period: { kind: 'term', months }, total: null, monthly: months > 1 ? monthlyShare(amount, months) : null };
  }
  if (product.ProductCategory === 'Commitment') {
    return { amount, original, period: { kind: 'month' }, total: months > 1 ? { amount: commitmentTotal(amount, months), months } : null, monthly: null };
  }
  return { amount, original, period: null, total: null, monthly: null };
}
