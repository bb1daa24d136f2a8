import type { CustomerSessionBody, CustomerSessionResponse, WipeReason } from '@join/shared/contract';
import { hashToken } from '../../platform/sessions/tokens';
import { openDeviceSession } from '../account';
import { retailAudit } from './audit';
import type { RetailDeps } from './deps';
import { adoptRefused, deviceIdReused } from './errors';
import type { StaffContext } from './staff-service';
import type { Log } from '../../platform/log';

/** Why the server itself ended a customer session (besides the page's WipeReason). */
export const STAFF_SIGNED_OUT = 'staff_signed_out';

/**
 * Customer sessions on a shop device: each customer gets a fresh device id and a session made
 * like the device-id login's, marked retail (the flow then has no location step) and recorded
 * with the shop, device and staff member; ending one deletes the session on the server.
 */
export function customerSessionService(ctx: RetailDeps) {
  const audit = retailAudit(ctx);
  const actorOf = (s: StaffContext) => ({ shopId: s.shop.id, deviceId: s.device.id, staffId: s.staff.staffId });

  async function record(signed: StaffContext, sessionHash: string, uid: string): Promise<void> {
    await ctx.repos.setRetail(uid, true);
    await ctx.repos.recordCustomerSession({ sessionHash, uid, shopId: signed.shop.id, deviceId: signed.device.id, staffId: signed.staff.staffId, startedAt: ctx.now() });
    await audit.record(actorOf(signed), 'customer_session_started');
  }

  /**
   * A new customer: the device id must be one no visitor ever used (a new customer never finds
   * the last one's plan, number or identity). With SPEC 4's `session` and `account`, that
   * session is adopted instead, only when it is this device id's and that account's.
   */
  async function start(signed: StaffContext, deviceId: string, body: CustomerSessionBody): Promise<CustomerSessionResponse> {
    if (body.session !== undefined || body.account !== undefined) {
      if (body.session === undefined || body.account === undefined) throw adoptRefused();
      const sessionHash = hashToken(body.session);
      const session = await ctx.repos.findSession(sessionHash);
      if (!session || session.deviceId !== deviceId || session.accountId !== body.account) throw adoptRefused();
      const already = await ctx.repos.findCustomerSession(sessionHash);
      if (already && (already.endedAt !== null || already.deviceId !== signed.device.id)) throw adoptRefused();
      if (!already) await record(signed, sessionHash, session.uid);
      return { session_id: body.session, profile: { uid: session.uid } };
    }
    if (await ctx.repos.deviceIdUsed(deviceId)) throw deviceIdReused();
    const opened = await openDeviceSession(ctx, deviceId);
    await record(signed, opened.tokenHash, opened.user.uid);
    return { session_id: opened.token, profile: { uid: opened.user.uid } };
  }

  /** Ends one customer session: deleted on the server, marked ended, audited with the reason. */
  async function end(signed: StaffContext, caller: { tokenHash: string; uid: string }, reason: WipeReason | typeof STAFF_SIGNED_OUT, log: Log): Promise<boolean> {
    // The session the customer started, or the one a login on the way replaced it with.
    const session = await ctx.repos.openCustomerSessionFor(caller.tokenHash, caller.uid);
    // Only this device's customers: a staff member elsewhere cannot end (or learn of) them.
    if (!session || session.deviceId !== signed.device.id) return false;
    // Before the session goes: nothing of this customer may stay waiting on the shop's terminal.
    await ctx.walkedAway.withdraw({ uid: session.uid, accountId: null, log, language: 'en' });
    await ctx.repos.deleteSessionsOf(session.uid);
    const ended = await ctx.repos.endCustomerSession(session.sessionHash, ctx.now(), reason);
    if (ended) await audit.record(actorOf(signed), 'customer_session_wiped', reason);
    return ended;
  }

  /** Staff sign-out: every open customer session of the device ends, then the staff sign-in. */
  async function signOut(signed: StaffContext, log: Log): Promise<void> {
    for (const open of await ctx.repos.openCustomerSessionsOf(signed.device.id)) await end(signed, { tokenHash: open.sessionHash, uid: open.uid }, STAFF_SIGNED_OUT, log);
    await ctx.repos.endStaffCredentials(signed.device.id, ctx.now());
    await audit.record(actorOf(signed), 'staff_signed_out');
  }

  return { start, end, signOut };
}
