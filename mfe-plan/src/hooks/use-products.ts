import { useEffect, useState } from 'react';
import { api, reportError, type PlanCategory, type Product } from '@join/shared';
import { sortByDuration, sortByPlanNetPrice } from '../plan-rules';

export type ProductsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; products: Product[] };

/** Lists in the order the plan step shows them: commitment by duration, the rest by plan net price. */
export function orderFor(category: PlanCategory, products: readonly Product[]): Product[] {
  return category === 'Commitment' ? sortByDuration(products) : sortByPlanNetPrice(products);
}

/** The products of one category, fetched when its tab first opens. `attempt` refetches after a failure. */
export function useProducts(category: PlanCategory, attempt: number): ProductsState {
  const [state, setState] = useState<ProductsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    api.getAvailableProducts(category).then(
      ({ products }) => live && setState({ status: 'ready', products: orderFor(category, products) }),
      (err: unknown) => {
        if (!live) return;
        setState({ status: 'error' });
        reportError(err, 'plan');
      },
    );
    return () => {
      live = false;
    };
  }, [category, attempt]);
  return state;
}
