import { VANITY_LEVELS } from '@join/shared';
import { SEARCH_DEFAULT_VANITY_LEVELS } from '@join/shared/numbers';

/** The tier filter of the search page, as the visitor sees it (basic covers ids 1 and 2). */
export const SEARCH_TIERS = ['basic', 'bronze', 'gold', 'diamond', 'red'] as const;
export type SearchTier = (typeof SEARCH_TIERS)[number];
export const VIP_TIERS: readonly SearchTier[] = ['bronze', 'gold', 'diamond', 'red'];

const LEVELS: Record<SearchTier, readonly number[]> = {
  basic: [VANITY_LEVELS.basic, VANITY_LEVELS.basicPlus],
  bronze: [VANITY_LEVELS.bronze],
  gold: [VANITY_LEVELS.gold],
  diamond: [VANITY_LEVELS.diamond],
  red: [VANITY_LEVELS.red],
};

export interface SearchFilters {
  pattern: string;
  match: 'contains' | 'ends_with';
  tiers: SearchTier[];
}

/** Vanity level ids to send; no tier ticked means the search default levels (SPEC 9). */
export function levelsFor(tiers: readonly SearchTier[]): number[] {
  if (tiers.length === 0) return [...SEARCH_DEFAULT_VANITY_LEVELS];
  return tiers.flatMap((t) => LEVELS[t]).sort((a, b) => a - b);
}

/**
 * The start parameters (SPEC 2): `vip` opens the search on the VIP tiers (or on one tier when
 * it names one, e.g. vip=gold); `search` presets the digits.
 */
export function filtersFromStartParams(params: Readonly<Record<string, string>>): SearchFilters {
  const vip = params.vip?.toLowerCase();
  const tiers: SearchTier[] =
    vip === undefined ? [...SEARCH_TIERS] : (SEARCH_TIERS as readonly string[]).includes(vip) ? [vip as SearchTier] : [...VIP_TIERS];
  const pattern = (params.search ?? '').replace(/\D/g, '').slice(0, 7);
  return { pattern, match: 'contains', tiers };
}
