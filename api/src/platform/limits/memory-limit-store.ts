import { dayEnd, decideSets, type LimitStore, type LiveMembers, type SetAnswer, type SetRule, type WindowCount } from './limit-store';

interface Member {
  tags: Set<string>;
  expiresAt: number;
}

/** Past this many keys, a hit first drops the ended windows (a flood of addresses stays bounded by the window). */
const SWEEP_ABOVE = 50_000;

/**
 * The limits in this process's memory: what every budget did before issue 29, and all the
 * embedded SQLite deployment needs (one process). Each operation runs without awaiting anything,
 * so it is atomic within the process. A restart forgets every count (an outsider cannot cause one).
 */
export class MemoryLimitStore implements LimitStore {
  readonly shared = false;
  private readonly windows = new Map<string, WindowCount>();
  private readonly sets = new Map<string, Map<string, Member>>();
  private salt: { day: string; salt: Buffer } | null = null;

  async hit(key: string, windowMs: number, now: number, amount = 1): Promise<WindowCount> {
    if (this.windows.size >= SWEEP_ABOVE) this.dropEnded(now);
    const current = this.windows.get(key);
    const next = !current || current.resetAt <= now ? { count: amount, resetAt: now + windowMs } : { count: current.count + amount, resetAt: current.resetAt };
    this.windows.set(key, next);
    return { ...next };
  }

  async peek(key: string, now: number): Promise<WindowCount | null> {
    const current = this.windows.get(key);
    return current && current.resetAt > now ? { ...current } : null;
  }

  async addToSets(rules: readonly SetRule[], member: string, tag: string, windowMs: number, now: number): Promise<SetAnswer> {
    const live = (set: string): LiveMembers => {
      const members = this.sets.get(set);
      if (!members) return new Map();
      for (const [m, entry] of members) if (entry.expiresAt <= now) members.delete(m);
      return members;
    };
    const answer = decideSets(rules, live, member, tag);
    if (!answer.added) return answer;
    for (const { set } of rules) {
      const members = this.sets.get(set) ?? new Map<string, Member>();
      const entry = members.get(member) ?? { tags: new Set<string>(), expiresAt: now + windowMs };
      entry.tags.add(tag);
      members.set(member, entry);
      this.sets.set(set, members);
    }
    return answer;
  }

  async dailySalt(day: string, candidate: Buffer): Promise<Buffer> {
    if (this.salt?.day === day) return Buffer.from(this.salt.salt);
    if (this.salt && this.salt.day > day) return Buffer.from(candidate); // a clock behind the day already begun: not kept
    this.forgetSalt();
    this.salt = { day, salt: Buffer.from(candidate) };
    return Buffer.from(candidate);
  }

  async sweep(now: number): Promise<number> {
    let gone = this.dropEnded(now);
    for (const [set, members] of this.sets) {
      for (const [m, entry] of members) {
        if (entry.expiresAt > now) continue;
        members.delete(m);
        gone += 1;
      }
      if (members.size === 0) this.sets.delete(set);
    }
    if (this.salt && dayEnd(this.salt.day) <= now) {
      this.forgetSalt();
      gone += 1;
    }
    return gone;
  }

  private dropEnded(now: number): number {
    let gone = 0;
    for (const [key, w] of this.windows) {
      if (w.resetAt > now) continue;
      this.windows.delete(key);
      gone += 1;
    }
    return gone;
  }

  /** The old salt's bytes are zeroed, not only dropped. */
  private forgetSalt(): void {
    this.salt?.salt.fill(0);
    this.salt = null;
  }
}
