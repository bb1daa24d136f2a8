import type { AuditAction } from '@join/shared/contract';
import { retailAudit } from './audit';
import type { RetailDeps } from './deps';

/**
 * What other modules are given of the retail module (structurally: they declare the same shapes
 * in their own deps and import nothing of this folder).
 *
 * `retailAudit.record(uid, action, ref)`: the identity check run, a payment taken, an order
 * placed, recorded for a visitor who is a retail customer (nothing for anyone else), with
 * references only (order id, payment id).
 *
 * `retailSessions.sessionOf(tokenHash)`: the shop, device, staff member and the shop's payment
 * terminal of a retail customer session, or null (an ended one, or a visitor's own).
 */
export interface RetailAuditPort {
  record(uid: string, action: AuditAction, ref: string | null): Promise<void>;
}

export interface RetailSessionOf {
  shopId: string;
  deviceId: string;
  staffId: string;
  terminalId: string;
}

export interface RetailSessionsPort {
  sessionOf(tokenHash: string): Promise<RetailSessionOf | null>;
}

export function retailPorts(ctx: Pick<RetailDeps, 'repos' | 'now'>): { retailAudit: RetailAuditPort; retailSessions: RetailSessionsPort } {
  return {
    retailAudit: retailAudit(ctx).forVisitor,
    retailSessions: {
      async sessionOf(tokenHash) {
        // Switched off (SPEC 9), no session is a shop's any more: nothing is offered at a counter.
        if (!(await ctx.repos.getBusinessConfig()).retail_flow) return null;
        const visitor = await ctx.repos.findSession(tokenHash);
        const session = visitor ? await ctx.repos.openCustomerSessionFor(tokenHash, visitor.uid) : null;
        if (!session) return null;
        const shop = await ctx.repos.findShop(session.shopId);
        if (!shop) return null;
        return { shopId: shop.id, deviceId: session.deviceId, staffId: session.staffId, terminalId: shop.terminalId };
      },
    },
  };
}
