import { apiClient, type ApiClient } from '@join/shared';
import { OpsSummary, type OpsSummaryQuery } from './ops';

/**
 * The operator's read of the collector: an operator credential (the API's JOIN_OPS_TOKEN) as a
 * bearer token, never the visitor's session.
 */
export const measurementEndpoints = (c: ApiClient = apiClient) => ({
  getOpsSummary: (token: string, range: OpsSummaryQuery) =>
    c.request('GET', '/ops/summary.json', { schema: OpsSummary, anonymous: true, query: range, headers: { authorization: `Bearer ${token}` } }),
});

export const measurementApi = measurementEndpoints();
