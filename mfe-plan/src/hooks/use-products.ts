import { type PlanCategory, type Product } from '@join/shared';
import { api } from '../api';
import { sortByDuration, sortByPlanNetPrice } from '../plan-rules';
import { useLoad, type Load } from './use-load';

/** Lists in the order the plan step shows them: commitment by duration, the rest by plan net price. */
export function orderFor(category: PlanCategory, products: readonly Product[]): Product[] {
  return category === 'Commitment' ? sortByDuration(products) : sortByPlanNetPrice(products);
}

/** The products of one category, fetched when its tab opens. `attempt` refetches after a failure. */
export function useProducts(category: PlanCategory, attempt: number): Load<Product[]> {
  return useLoad(() => api.getAvailableProducts(category).then(({ products }) => orderFor(category, products)), [category, attempt]);
}
