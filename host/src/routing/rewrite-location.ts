import { rewriteLegacyPath } from '@join/shared';

/** The join base: where the product is served. Paths under it are rewritten to hash routes. */
export const JOIN_BASE = '/';

/**
 * SPEC 2: paths containing spotii-success, spotii-fail or contract-request under the join
 * base (the BNPL provider and contract links return there) become their hash routes.
 */
export function rewriteLocation(
  loc: Pick<Location, 'pathname' | 'search'>,
  history: Pick<History, 'replaceState'>,
): string | null {
  const route = rewriteLegacyPath(loc.pathname, loc.search, JOIN_BASE);
  if (route === null) return null;
  history.replaceState(null, '', `${JOIN_BASE}#${route}`);
  return route;
}
