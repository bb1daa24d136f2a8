import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@join/shared';
import { paymentApi } from '@join/shared/payment';
import { raise } from '../errors';

/**
 * A load that the server refused with a code (step_not_allowed, a flow the visitor is no longer
 * at…) goes to the catalogue pop-up, whose buttons know where to go; the screen keeps its own
 * inline retry for a failure without an answer (the network).
 */
export function useReportRefusal(error: unknown): void {
  useEffect(() => {
    if (isApiError(error) && error.code !== null) raise(error, {});
  }, [error]);
}

/** The summary's query key (the promo code form replaces its price with the server's new one). */
export const SUMMARY_KEY = ['payment', 'summary'] as const;

/**
 * GET /payment/summary: the order re-quoted by the server now. Never cached across visits
 * (staleTime 0, gcTime 0): a price shown at payment is the price of this moment.
 */
export function useSummary() {
  const q = useQuery({ queryKey: SUMMARY_KEY, queryFn: () => paymentApi.summary(), staleTime: 0, gcTime: 0 });
  useReportRefusal(q.error);
  return q;
}
