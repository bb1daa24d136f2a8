import type { SearchFilters } from '../search-filters';

/** The number domain's query keys (see mfe-plan's for the pattern). */
export const numberKeys = {
  all: ['number'] as const,
  operators: () => ['number', 'operators'] as const,
  vipPlans: (msisdn: string, vanityLevelId: number) => ['number', 'vip-plans', msisdn, vanityLevelId] as const,
  /** The VIP plans of a tier as the catalogue lists them (before any number of it is held). */
  vipTierPlans: (vanityLevelId: number) => ['number', 'vip-tier-plans', vanityLevelId] as const,
  search: (filters: SearchFilters, page: number) => ['number', 'search', filters, page] as const,
};
