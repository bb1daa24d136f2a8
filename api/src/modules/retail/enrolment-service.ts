import { randomUUID } from 'node:crypto';
import type { ApproveDeviceResponse, DeviceCodeResponse, DeviceTokenError } from '@join/shared/contract';
import { hashToken, newSessionToken } from '../../platform/sessions/tokens';
import { retailAudit } from './audit';
import type { RetailDeps } from './deps';
import { pairingCodeInvalid } from './errors';
import { displayUserCode, newUserCode } from './pairing';
import type { DeviceRecord, ShopRecord } from './repository';
import { shopView, type ManagerContext } from './staff-service';

/** What a poll of the token endpoint comes to: RFC 8628's error, or the device enrolled with its secret. */
export type TokenOutcome =
  | { kind: 'error'; error: DeviceTokenError['error'] }
  | { kind: 'enrolled'; device: DeviceRecord; shop: ShopRecord; secret: string };

/** RFC 8628 section 3.5: slow_down adds five seconds to the interval. */
const SLOW_DOWN_STEP_S = 5;
/** Draws of a user code before giving up (a clash among the waiting codes is one in billions). */
const DRAWS = 5;

/**
 * A shop device's enrolment as RFC 8628's device authorization grant: the device asks for a
 * code pair, shows the user code, and polls with the device code; a manager signed in elsewhere
 * types the user code and approves (the device joins the manager's own shop) or denies it.
 */
export function enrolmentService(ctx: RetailDeps) {
  const audit = retailAudit(ctx);
  const rules = ctx.retail;

  /** POST /retail/device/code: 256 random bits as the device code (stored hashed), eight letters as the user code. */
  async function deviceCode(verificationUri: string): Promise<DeviceCodeResponse> {
    const now = ctx.now();
    const deviceCode = newSessionToken();
    for (let draw = 0; draw < DRAWS; draw += 1) {
      const userCode = newUserCode();
      const created = await ctx.repos.createAuthorization({
        deviceCodeHash: hashToken(deviceCode),
        userCode,
        createdAt: now,
        expiresAt: now + rules.pairingTtlS * 1000,
        intervalS: rules.pollIntervalS,
      });
      if (!created) continue;
      return {
        device_code: deviceCode,
        user_code: displayUserCode(userCode),
        verification_uri: verificationUri,
        verification_uri_complete: `${verificationUri}?user_code=${userCode}`,
        expires_in: rules.pairingTtlS,
        interval: rules.pollIntervalS,
      };
    }
    throw new Error('no free pairing code after several draws');
  }

  /** POST /retail/device/token: one poll (RFC 8628 section 3.4 and 3.5). */
  async function token(deviceCode: string): Promise<TokenOutcome> {
    const now = ctx.now();
    const hash = hashToken(deviceCode);
    const found = await ctx.repos.findAuthorization(hash);
    if (!found || found.status === 'consumed') return { kind: 'error', error: 'invalid_grant' };
    if (found.status === 'denied') return { kind: 'error', error: 'access_denied' };
    if (found.expiresAt <= now) return { kind: 'error', error: 'expired_token' };
    if (found.status === 'pending') {
      const tooSoon = found.lastPolledAt !== null && now - found.lastPolledAt < found.intervalS * 1000;
      const interval = tooSoon ? found.intervalS + SLOW_DOWN_STEP_S : found.intervalS;
      await ctx.repos.recordPoll(hash, now, interval);
      return { kind: 'error', error: tooSoon ? 'slow_down' : 'authorization_pending' };
    }
    // Approved: the device code is exchanged once for the device's own long-lived secret.
    const secret = newSessionToken();
    const device = await ctx.repos.consumeAuthorization(hash, hashToken(secret), now);
    if (!device) return { kind: 'error', error: 'invalid_grant' };
    const shop = await ctx.repos.findShop(device.shopId);
    if (!shop) throw new Error(`no shop ${device.shopId}`);
    return { kind: 'enrolled', device, shop, secret };
  }

  /**
   * POST /retail/device/approve: the manager's decision on a waiting code, for their own shop.
   * A code unknown, decided or expired is refused, and counted against the manager's sign-in
   * (which ends after a few): guessing codes costs sign-ins, and those cost PINs.
   */
  async function decide(manager: ManagerContext, userCode: string, decision: 'approve' | 'deny'): Promise<ApproveDeviceResponse> {
    const now = ctx.now();
    const deviceId = decision === 'approve' ? `dev_${randomUUID()}` : null;
    const decided = await ctx.repos.decideAuthorization({ userCode, decision, shopId: manager.shop.id, deviceId, staffId: manager.manager.staffId, now });
    if (!decided) {
      await ctx.repos.addApproveFailure(manager.tokenHash, rules.approveFailures, now);
      throw pairingCodeInvalid();
    }
    if (deviceId) await audit.record({ shopId: manager.shop.id, deviceId, staffId: manager.manager.staffId }, 'device_enrolled');
    return { device_id: deviceId, shop: shopView(manager.shop), decision };
  }

  return { deviceCode, token, decide };
}
