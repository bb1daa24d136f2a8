import { useEffect, useState } from 'react';
import { api, reportError, type Product } from '@join/shared';

export type ProductsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; products: Product[] };

/** Tourist products (codes of SPEC 9), sorted by plan net price. */
export function sortByPlanNetPrice(products: readonly Product[]): Product[] {
  const price = (p: Product) => p.PackagesPricingTable[0]?.PlanNetPrice ?? Number.POSITIVE_INFINITY;
  return [...products].sort((a, b) => price(a) - price(b));
}

export function useTouristProducts(attempt: number): ProductsState {
  const [state, setState] = useState<ProductsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    api.getAvailableProducts('tourist').then(
      ({ products }) => live && setState({ status: 'ready', products: sortByPlanNetPrice(products) }),
      (err: unknown) => {
        if (!live) return;
        setState({ status: 'error' });
        reportError(err, 'plan');
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return state;
}
