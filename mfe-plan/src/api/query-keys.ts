import type { PlanCategory } from '@join/shared/plans';
import type { PlanChoice } from '@join/shared/plans';

/**
 * The plan domain's query keys: one place, so a list, a quote or the boosters are cached and
 * shared under one name, and invalidating ['plan'] refreshes everything this step shows.
 * A quote's key holds the whole choice: an answer is stored under the choice it prices.
 */
export const planKeys = {
  all: ['plan'] as const,
  products: (category: PlanCategory) => ['plan', 'products', category] as const,
  builder: (productCode: number) => ['plan', 'builder', productCode] as const,
  boosters: (msisdn: string, productCode: number) => ['plan', 'boosters', msisdn, productCode] as const,
  quote: (choice: PlanChoice) => ['plan', 'quote', choice] as const,
};
