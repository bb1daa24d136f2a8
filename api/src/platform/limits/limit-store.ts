/**
 * Where every limit, budget and throttle of the API counts (issue 29): the request budgets of
 * @fastify/rate-limit (rate-limit-store.ts), the transfer check's numbers per visitor and address,
 * the address challenge's used solutions, the operator credential's failures per address, and the
 * collector's daily salt with its per-visitor counters. Two implementations with one contract
 * (__tests__/limit-store-contract.ts): in this process's memory (memory-limit-store.ts: the
 * embedded SQLite deployment is one process) and in PostgreSQL (postgres/pg-limit-store.ts: every
 * instance behind the balancer counts in the same rows, so three instances allow what one does).
 *
 * Every operation is atomic on its own (one statement, or one transaction with the keys locked),
 * so two instances counting the same key at the same moment never both see the last free unit.
 * Times are the caller's clock (ms); a window is fixed: it starts at a key's first hit and ends
 * `windowMs` later, when the next hit starts a new one (what @fastify/rate-limit's own store does).
 */
export interface WindowCount {
  /** Hits (or units) counted in the current window, this one included. */
  count: number;
  /** When the window ends (ms): Retry-After is `resetAt - now`. */
  resetAt: number;
}

/** One set of `addToSets`: a key's members (numbers checked), each with its tags (operators tried). */
export interface SetRule {
  set: string;
  /** Live members the set may hold; a new member past it is refused. */
  maxMembers: number;
  /** Tags one member may carry; a new tag past it is refused (Infinity: no limit). */
  maxTagsPerMember: number;
}

export type SetAnswer = { added: true } | { added: false; set: string; full: 'members' | 'tags' };

export interface LimitStore {
  /** True when several API instances count in it together (PostgreSQL). */
  readonly shared: boolean;
  /**
   * Counts `amount` (default 1) against `key` in its window, starting a new window of `windowMs`
   * when there is none or it has ended; answers the count and the window's end.
   */
  hit(key: string, windowMs: number, now: number, amount?: number): Promise<WindowCount>;
  /** The key's live window, counting nothing (null: none, or ended). */
  peek(key: string, now: number): Promise<WindowCount | null>;
  /**
   * Adds `member` with `tag` to every set of `rules` if each allows it, in their order: a member
   * the set does not hold needs room under maxMembers, a tag the member does not carry needs room
   * under maxTagsPerMember. Either all sets take it, or none does and the answer names the first
   * that refused. A member lives `windowMs` from when its set first took it (a later tag does not
   * extend it).
   */
  addToSets(rules: readonly SetRule[], member: string, tag: string, windowMs: number, now: number): Promise<SetAnswer>;
  /**
   * The salt of `day` (YYYY-MM-DD, UTC): the one stored for it, or `candidate`, stored now. Every
   * instance gets the same salt for a day; the salts of earlier days are deleted here and by the
   * sweep, so none outlives its day.
   */
  dailySalt(day: string, candidate: Buffer): Promise<Buffer>;
  /** Deletes ended windows, expired members and the salts of days before `now`'s; answers how many. */
  sweep(now: number): Promise<number>;
}

/** The UTC day of a moment (the collector's days). */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The first moment after `day` (YYYY-MM-DD, UTC) ends. */
export const dayEnd = (day: string): number => Date.parse(`${day}T00:00:00.000Z`) + 86_400_000;

/**
 * True the first time `key` is claimed until `until` (a used-once token: the address challenge's
 * solutions): the first hit of a window that ends at `until`.
 */
export async function claimOnce(store: LimitStore, key: string, until: number, now: number): Promise<boolean> {
  if (until <= now) return false;
  return (await store.hit(key, until - now, now)).count === 1;
}

/** A set's live members as addToSets reads them: member -> its tags and when it expires. */
export type LiveMembers = ReadonlyMap<string, { tags: ReadonlySet<string>; expiresAt: number }>;

/** addToSets' rule over the sets' live members (both implementations decide with it). */
export function decideSets(rules: readonly SetRule[], live: (set: string) => LiveMembers, member: string, tag: string): SetAnswer {
  for (const rule of rules) {
    const members = live(rule.set);
    const known = members.get(member);
    if (!known && members.size >= rule.maxMembers) return { added: false, set: rule.set, full: 'members' };
    if (known && !known.tags.has(tag) && known.tags.size >= rule.maxTagsPerMember) return { added: false, set: rule.set, full: 'tags' };
  }
  return { added: true };
}
