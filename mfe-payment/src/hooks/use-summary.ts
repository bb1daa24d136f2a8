import { useQuery } from '@tanstack/react-query';
import { paymentApi } from '@join/shared/payment';

/**
 * GET /payment/summary: the order re-quoted by the server now. Never cached across visits
 * (staleTime 0, gcTime 0): a price shown at payment is the price of this moment.
 */
export function useSummary() {
  return useQuery({ queryKey: ['payment', 'summary'], queryFn: () => paymentApi.summary(), staleTime: 0, gcTime: 0 });
}
