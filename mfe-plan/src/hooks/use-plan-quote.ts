import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '@join/shared';
import { type PlanChoice, type PlanQuoteResponse } from '@join/shared/plans';
import { api } from '../api/endpoints';
import { planKeys } from '../api/query-keys';
import { useDebouncedValue } from './use-debounced-value';

export const QUOTE_DEBOUNCE_MS = 200;

export interface QuoteView {
  /** The quote on screen: the current choice's, else the last good one (marked as updating). */
  shown: PlanQuoteResponse | null;
  /** A newer choice is waiting for its price. */
  updating: boolean;
  /** The current choice's price is in (for the announced total). */
  settled: boolean;
  /** The current choice could not be priced; the server's message when it gave one. */
  failed: { message: string | null } | null;
}

/**
 * The live price of a choice, always from the server (GET /plans/quote.json), debounced. The
 * stale-answer guard is the query key: an answer is stored under the choice it prices, and the
 * screen reads only the current choice's entry, so an older answer arriving late never
 * replaces a newer one. Quotes are not shown in a pop-up: the review says so in place.
 */
export function usePlanQuote(choice: PlanChoice): QuoteView {
  const asked = useDebouncedValue(choice, QUOTE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: planKeys.quote(asked),
    queryFn: () => api.quotePlan(asked),
    placeholderData: keepPreviousData,
  });
  const current = query.isSuccess && !query.isPlaceholderData ? query.data : null;
  const [lastGood, setLastGood] = useState<PlanQuoteResponse | null>(null);
  if (current && current !== lastGood) setLastGood(current);
  const waiting = JSON.stringify(asked) !== JSON.stringify(choice) || query.isFetching;
  return {
    shown: current ?? lastGood,
    updating: waiting,
    settled: !waiting && current !== null,
    failed: !waiting && query.isError ? { message: isApiError(query.error) ? query.error.message : null } : null,
  };
}
