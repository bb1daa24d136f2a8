import { z } from 'zod';

/**
 * The start parameters of SPEC 2, read once from the page URL (before and inside the hash), and
 * our `lang` (`en` or `ar`, SPEC names none): a link or an advert in Arabic opens the flow in
 * Arabic from its first paint, as the language switch would.
 */
export const START_PARAM_NAMES = [
  'vip', 'search', 'preset', 'product_code', 'chat_id', 'plantype', 'gclid', 'is_retail',
  'session', 'account', 'deviceid', 'code', 'session-id', 'lang',
] as const;

const Value = z.string().max(256);

export function readStartParams(loc: { search: string; hash: string }): Record<string, string> {
  const out: Record<string, string> = {};
  const hashQuery = loc.hash.includes('?') ? loc.hash.slice(loc.hash.indexOf('?')) : '';
  for (const source of [loc.search, hashQuery]) {
    const params = new URLSearchParams(source);
    for (const name of START_PARAM_NAMES) {
      const v = params.get(name);
      const parsed = Value.safeParse(v);
      if (v !== null && parsed.success) out[name] = parsed.data;
    }
  }
  return out;
}

/**
 * The address without the start parameters (before and inside the hash), or null when it has
 * none. Once read they live in the store (startParamsAtom); left in the address they would be
 * applied again on a reload or shared in a copied link (`?vip=gold` after the search is done).
 */
export function addressWithoutStartParams(href: string): string | null {
  const url = new URL(href);
  let changed = false;
  const strip = (query: string): string => {
    const params = new URLSearchParams(query);
    for (const name of START_PARAM_NAMES) {
      if (params.has(name)) {
        params.delete(name);
        changed = true;
      }
    }
    const rest = params.toString();
    return rest ? `?${rest}` : '';
  };
  url.search = strip(url.search);
  const hash = url.hash;
  const q = hash.indexOf('?');
  if (q >= 0) url.hash = hash.slice(0, q) + strip(hash.slice(q));
  return changed ? url.toString() : null;
}

/** Replaces the address (no new history entry) once the start parameters are applied. */
export function dropStartParamsFromAddress(loc: { href: string } = window.location, history: Pick<History, 'replaceState' | 'state'> = window.history): void {
  const clean = addressWithoutStartParams(loc.href);
  if (clean !== null) history.replaceState(history.state, '', clean);
}
