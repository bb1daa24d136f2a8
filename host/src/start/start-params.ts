import { z } from 'zod';

/** The start parameters of SPEC 2, read once from the page URL (before and inside the hash). */
export const START_PARAM_NAMES = [
  'vip', 'search', 'preset', 'product_code', 'chat_id', 'plantype', 'gclid', 'is_retail',
  'session', 'account', 'deviceid', 'code', 'session-id',
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
