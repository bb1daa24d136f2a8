import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@join/shared';
import type { PlanCategory } from '@join/shared/plans';
import { api } from '../api/endpoints';
import { planKeys } from '../api/query-keys';
import { sortByDuration, sortByPlanNetPrice } from '../plan-rules';

/** Lists in the order the plan step shows them: commitment by duration, the rest by plan net price. */
export function orderFor(category: PlanCategory, products: readonly Product[]): Product[] {
  return category === 'Commitment' ? sortByDuration(products) : sortByPlanNetPrice(products);
}

/** One category's list, ordered; shared by the tab that shows it and the product_code start lookup. */
export const productsQuery = (category: PlanCategory) =>
  queryOptions({
    queryKey: planKeys.products(category),
    queryFn: () => api.getAvailableProducts(category).then(({ products }) => orderFor(category, products)),
    meta: { errorSource: 'plan' },
  });

/** The products of one category, fetched when its tab opens (cached for the next visit of the tab). */
export function useProducts(category: PlanCategory) {
  return useQuery(productsQuery(category));
}
