import type { AuditAction, AuditEntry } from '@join/shared/contract';
import type { RetailDeps } from './deps';

/** At most this many entries in one answer (a busy shop's day is a few hundred). */
export const AUDIT_PAGE = 1000;
const DAY = 24 * 3600_000;

/** Who acted: the shop, and the device and staff member when known. */
export interface AuditActor {
  shopId: string;
  deviceId: string | null;
  staffId: string | null;
}

/** The retail audit: appended by every staff action, read by a manager for their shop. */
export function retailAudit(ctx: Pick<RetailDeps, 'repos' | 'now'>) {
  const record = (actor: AuditActor, action: AuditAction, ref: string | null = null) =>
    ctx.repos.appendAudit({ at: ctx.now(), action, shopId: actor.shopId, deviceId: actor.deviceId, staffId: actor.staffId, ref });

  /**
   * The port the identity, payment and fulfilment modules are given: an action of a visitor's
   * session, recorded only when that visitor is a retail customer (references only).
   */
  const forVisitor = {
    async record(uid: string, action: AuditAction, ref: string | null): Promise<void> {
      const session = await ctx.repos.latestCustomerSessionOf(uid);
      if (session) await record(session, action, ref);
    },
  };

  /** A manager's read: [from, to] as whole UTC days (the last 30 days by default), newest first. */
  async function list(shopId: string, range: { from?: string | undefined; to?: string | undefined }): Promise<AuditEntry[]> {
    const to = range.to ? Date.parse(`${range.to}T00:00:00Z`) + DAY : ctx.now() + 1;
    const from = range.from ? Date.parse(`${range.from}T00:00:00Z`) : to - 30 * DAY;
    return ctx.repos.listAudit(shopId, from, to, AUDIT_PAGE);
  }

  return { record, forVisitor, list };
}
export type RetailAudit = ReturnType<typeof retailAudit>;
