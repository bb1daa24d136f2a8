import type { SearchFilters } from '../search-filters';

/** The number domain's query keys (see mfe-plan's for the pattern). */
export const numberKeys = {
  all: ['number'] as const,
  operators: () => ['number', 'operators'] as const,
  vipPlans: (msisdn: string, vanityLevelId: number) => ['number', 'vip-plans', msisdn, vanityLevelId] as const,
  search: (filters: SearchFilters, page: number) => ['number', 'search', filters, page] as const,
};
