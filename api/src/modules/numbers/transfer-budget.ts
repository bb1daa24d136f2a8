/**
 * Operator lookup. A transfer check must say whether the number is with the
 * operator the visitor named (SPEC 8 -440 "wrong operator"): without it nobody can correct a
 * wrong choice. Asked against each operator in turn, that answer tells anyone which operator
 * any number is on. A visitor moving their own number needs one number and, at worst, a second
 * operator; so each account, device and address gets a small budget of distinct numbers a day,
 * and each number at most two operators per account or device. A number already checked costs
 * nothing more (the reserve re-checks it). Kept in memory like the request budgets: per process,
 * reset by a restart, which an outsider cannot cause.
 */
export interface TransferCheckLimits {
  windowMs: number;
  /** Distinct external numbers one account or device may check within the window. */
  numbersPerVisitor: number;
  /** Distinct external numbers checked from one address (IPv6 /64) within the window. */
  numbersPerAddress: number;
  /** Operators one account or device may try for one number. */
  operatorsPerNumber: number;
}

export const TRANSFER_CHECK_LIMITS: TransferCheckLimits = {
  windowMs: 24 * 3600_000,
  numbersPerVisitor: 3,
  numbersPerAddress: 20,
  operatorsPerNumber: 2,
};

export type TransferBudgetAnswer = 'ok' | 'numbers' | 'operators';

interface Seen {
  operators: Set<string>;
  at: number;
}

export class TransferCheckBudget {
  /** key ("u:uid", "d:device", "a:address") -> number -> what was tried, and when first. */
  private readonly seen = new Map<string, Map<string, Seen>>();
  private lastPrune = 0;

  constructor(private readonly limits: TransferCheckLimits) {}

  /** Counts the check if it fits every budget; otherwise says which budget is spent and counts nothing. */
  take(who: { uid: string; deviceId: string; address: string }, msisdn: string, operator: string, now: number): TransferBudgetAnswer {
    this.prune(now);
    const visitorKeys = [`u:${who.uid}`, `d:${who.deviceId}`];
    const addressKey = `a:${who.address}`;
    for (const key of visitorKeys) {
      const numbers = this.live(key, now);
      const known = numbers.get(msisdn);
      if (!known && numbers.size >= this.limits.numbersPerVisitor) return 'numbers';
      if (known && !known.operators.has(operator) && known.operators.size >= this.limits.operatorsPerNumber) return 'operators';
    }
    const fromAddress = this.live(addressKey, now);
    if (!fromAddress.has(msisdn) && fromAddress.size >= this.limits.numbersPerAddress) return 'numbers';
    for (const key of [...visitorKeys, addressKey]) {
      const numbers = this.seen.get(key) ?? new Map<string, Seen>();
      const entry = numbers.get(msisdn) ?? { operators: new Set<string>(), at: now };
      entry.operators.add(operator);
      numbers.set(msisdn, entry);
      this.seen.set(key, numbers);
    }
    return 'ok';
  }

  private live(key: string, now: number): Map<string, Seen> {
    const numbers = this.seen.get(key);
    if (!numbers) return new Map();
    for (const [n, s] of numbers) if (s.at <= now - this.limits.windowMs) numbers.delete(n);
    return numbers;
  }

  /** Drops whole keys whose entries are all older than the window, at most once a minute. */
  private prune(now: number): void {
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    for (const [key, numbers] of this.seen) {
      for (const [n, s] of numbers) if (s.at <= now - this.limits.windowMs) numbers.delete(n);
      if (numbers.size === 0) this.seen.delete(key);
    }
  }
}
