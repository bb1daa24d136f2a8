import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@join/shared';
import { type PlanChoice, type PlanQuoteResponse } from '@join/shared/plans';
import { api } from '../api';

export type QuoteState =
  | { status: 'loading'; last: PlanQuoteResponse | null }
  | { status: 'ready'; quote: PlanQuoteResponse }
  | { status: 'error'; message: string | null; last: PlanQuoteResponse | null };

export const QUOTE_DEBOUNCE_MS = 200;

/**
 * The live price of a choice, always from the server (GET /plans/quote.json). Changes are
 * debounced, and an answer to an older choice never replaces the newest one. The last good
 * quote stays on screen (marked as updating) while a new one loads.
 */
export function useQuote(choice: PlanChoice | null): QuoteState {
  const [state, setState] = useState<QuoteState>({ status: 'loading', last: null });
  const seq = useRef(0);
  const key = choice ? JSON.stringify(choice) : null;
  useEffect(() => {
    if (!choice) return;
    const mine = ++seq.current;
    setState((s) => ({ status: 'loading', last: s.status === 'ready' ? s.quote : s.last }));
    const timer = setTimeout(() => {
      api.quotePlan(choice).then(
        (quote) => mine === seq.current && setState({ status: 'ready', quote }),
        (err: unknown) => {
          if (mine !== seq.current) return;
          setState((s) => ({
            status: 'error',
            message: isApiError(err) ? err.message : null,
            last: s.status === 'ready' ? s.quote : s.last,
          }));
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the choice is compared by value (key)
  }, [key]);
  return state;
}
