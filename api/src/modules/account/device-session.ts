import { randomUUID } from 'node:crypto';
import type { SessionRepository, UserRecord } from '../../platform/sessions/repository';
import { hashToken, newSessionToken } from '../../platform/sessions/tokens';

/** A new device-id session: its token (the client's, never stored), the token's hash, and the device's user. */
export interface DeviceSession {
  token: string;
  tokenHash: string;
  user: UserRecord;
}

/**
 * The device-id login's work (SPEC 7 login_by_device_id), shared with the retail customer
 * session: the device's user (found again, or made) and a new session for it. State belongs to
 * the user (the device), so a new session after expiry finds it again.
 */
export async function openDeviceSession(ctx: { repos: SessionRepository; now: () => number }, deviceId: string): Promise<DeviceSession> {
  const now = ctx.now();
  const user = await ctx.repos.findOrCreateUser(deviceId, randomUUID(), now);
  const token = newSessionToken();
  const tokenHash = hashToken(token);
  await ctx.repos.createSession(tokenHash, user, now);
  return { token, tokenHash, user };
}
