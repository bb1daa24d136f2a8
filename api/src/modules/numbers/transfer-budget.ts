import type { LimitStore } from '../../platform/limits/limit-store';

/**
 * Operator lookup. A transfer check must say whether the number is with the
 * operator the visitor named (SPEC 8 -440 "wrong operator"): without it nobody can correct a
 * wrong choice. Asked against each operator in turn, that answer tells anyone which operator
 * any number is on. A visitor moving their own number needs one number and, at worst, a second
 * operator; so each account, device and address gets a small budget of distinct numbers a day,
 * and each number at most two operators per account or device. A number already checked costs
 * nothing more (the reserve re-checks it). Counted in the LimitStore like the request budgets:
 * across every instance on PostgreSQL, in the process's memory on the embedded database.
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

export class TransferCheckBudget {
  constructor(
    private readonly limits: TransferCheckLimits,
    private readonly store: LimitStore,
  ) {}

  /**
   * Counts the check if it fits every budget; otherwise says which budget is spent and counts
   * nothing. The account's and the device's numbers first (each number with its operators), then
   * the address's, all taken at once or not at all.
   */
  async take(who: { uid: string; deviceId: string; address: string }, msisdn: string, operator: string, now: number): Promise<TransferBudgetAnswer> {
    const visitor = { maxMembers: this.limits.numbersPerVisitor, maxTagsPerMember: this.limits.operatorsPerNumber };
    const answer = await this.store.addToSets(
      [
        { set: `transfer:u:${who.uid}`, ...visitor },
        { set: `transfer:d:${who.deviceId}`, ...visitor },
        { set: `transfer:a:${who.address}`, maxMembers: this.limits.numbersPerAddress, maxTagsPerMember: Number.POSITIVE_INFINITY },
      ],
      msisdn,
      operator,
      this.limits.windowMs,
      now,
    );
    if (answer.added) return 'ok';
    return answer.full === 'members' ? 'numbers' : 'operators';
  }
}
