import type { RetailShop, RetailStaff } from '@join/shared/contract';
import { hashToken, newSessionToken } from '../../platform/sessions/tokens';
import { verifyPasswordOrDummy } from '../account';
import type { RetailDeps } from './deps';
import { deviceNotEnrolled, notManager, signInFailed, staffLocked, staffSignedOut } from './errors';
import type { DeviceRecord, ShopRecord, StaffRecord } from './repository';
import { retailAudit } from './audit';

/** An enrolled, unrevoked device, with its shop. */
export interface DeviceContext {
  device: DeviceRecord;
  shop: ShopRecord;
}

/** A staff member signed in on that device. */
export interface StaffContext extends DeviceContext {
  staff: StaffRecord;
  expiresAt: number;
}

/** A manager signed in (any browser). */
export interface ManagerContext {
  manager: StaffRecord;
  shop: ShopRecord;
  tokenHash: string;
  expiresAt: number;
}

/** A new credential: the secret for the cookie (never stored), and when it ends. */
export interface Issued {
  secret: string;
  expiresAt: number;
}

export const shopView = (shop: ShopRecord): RetailShop => ({ id: shop.id, name: shop.name, name_ar: shop.nameAr });
export const staffView = (staff: StaffRecord): RetailStaff => ({ staff_id: staff.staffId, name: staff.name, role: staff.role });

const lockSeconds = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

/**
 * Shop devices, staff and managers: who is calling, from the cookies' secrets (hashed, looked up),
 * and the PIN sign-ins with their locks (per staff member, and per device over all its staff).
 */
export function staffService(ctx: RetailDeps) {
  const audit = retailAudit(ctx);
  const rules = ctx.retail;

  async function shopOf(shopId: string): Promise<ShopRecord> {
    const shop = await ctx.repos.findShop(shopId);
    if (!shop) throw new Error(`no shop ${shopId}`);
    return shop;
  }

  /** The device whose cookie this is; 401 device_not_enrolled without one, or for a revoked one. */
  async function device(secret: string | undefined): Promise<DeviceContext> {
    const found = secret ? await ctx.repos.findDeviceBySecret(hashToken(secret)) : null;
    if (!found || found.revokedAt !== null) throw deviceNotEnrolled();
    return { device: found, shop: await shopOf(found.shopId) };
  }

  /**
   * The staff member signed in on this device, or null. A staff cookie is good only with the
   * cookie of the device it was issued on: copied to another browser, it is nobody's.
   */
  async function staffOn(on: DeviceContext, secret: string | undefined): Promise<StaffContext | null> {
    if (!secret) return null;
    const credential = await ctx.repos.findStaffCredential(hashToken(secret));
    if (!credential || credential.endedAt !== null || credential.expiresAt <= ctx.now() || credential.deviceId !== on.device.id) return null;
    const staff = await ctx.repos.findStaff(credential.staffId);
    if (!staff || staff.shopId !== on.shop.id) return null;
    return { ...on, staff, expiresAt: credential.expiresAt };
  }

  /** Device and staff, both required (the customer-session routes). */
  async function signedIn(cookies: { device?: string | undefined; staff?: string | undefined }): Promise<StaffContext> {
    const signed = await staffOn(await device(cookies.device), cookies.staff);
    if (!signed) throw staffSignedOut();
    return signed;
  }

  /** The manager of the manager cookie; 401 staff_signed_out without one (or an ended one). */
  async function manager(secret: string | undefined): Promise<ManagerContext> {
    const tokenHash = secret ? hashToken(secret) : null;
    const credential = tokenHash ? await ctx.repos.findManagerCredential(tokenHash) : null;
    if (!tokenHash || !credential || credential.endedAt !== null || credential.expiresAt <= ctx.now()) throw staffSignedOut();
    const found = await ctx.repos.findStaff(credential.staffId);
    if (!found || found.role !== 'manager') throw staffSignedOut();
    return { manager: found, shop: await shopOf(found.shopId), tokenHash, expiresAt: credential.expiresAt };
  }

  /** The wrong-PIN budget of a device (over all its staff): locked once spent. */
  async function deviceFailure(on: DeviceRecord, now: number): Promise<void> {
    const count = (on.lockedUntil !== null && on.lockedUntil <= now ? 0 : on.failedCount) + 1;
    await ctx.repos.setDeviceFailures(on.id, count, count >= rules.deviceFailures ? now + rules.lockMs : on.lockedUntil);
  }

  /**
   * One PIN check with the locks. `candidate` is null for an unknown staff id (or one of another
   * shop): the same scrypt runs and the same answer comes, and nobody's counter but the device's moves.
   */
  async function checkPin(candidate: StaffRecord | null, pin: string, on: DeviceContext | null): Promise<StaffRecord> {
    const now = ctx.now();
    if (on?.device.lockedUntil != null && on.device.lockedUntil > now) throw staffLocked(lockSeconds(on.device.lockedUntil, now));
    if (candidate?.lockedUntil != null && candidate.lockedUntil > now) throw staffLocked(lockSeconds(candidate.lockedUntil, now));
    const good = await verifyPasswordOrDummy(pin, candidate?.pinHash ?? null);
    const actor = (s: StaffRecord | null) => ({ shopId: on?.shop.id ?? s?.shopId ?? '', deviceId: on?.device.id ?? null, staffId: s?.staffId ?? null });
    if (good && candidate) {
      await ctx.repos.setStaffFailures(candidate.staffId, 0, null);
      if (on && on.device.failedCount > 0) await ctx.repos.setDeviceFailures(on.device.id, 0, null);
      return candidate;
    }
    if (on) await deviceFailure(on.device, now);
    if (!candidate) {
      if (on) await audit.record(actor(null), 'staff_sign_in_failed');
      throw signInFailed();
    }
    const count = (candidate.lockedUntil !== null ? 0 : candidate.failedCount) + 1;
    const locks = count >= rules.pinFailures;
    await ctx.repos.setStaffFailures(candidate.staffId, count, locks ? now + rules.lockMs : null);
    await audit.record(actor(candidate), locks ? 'staff_locked' : 'staff_sign_in_failed');
    throw locks ? staffLocked(lockSeconds(now + rules.lockMs, now)) : signInFailed();
  }

  /** A staff member of the device's shop signs in on it; any earlier sign-in on the device ends. */
  async function signIn(on: DeviceContext, staffId: string, pin: string): Promise<StaffContext & Issued> {
    const found = await ctx.repos.findStaff(staffId);
    const staff = await checkPin(found && found.shopId === on.shop.id ? found : null, pin, on);
    const now = ctx.now();
    const secret = newSessionToken();
    const expiresAt = now + rules.staffShiftMs;
    await ctx.repos.createStaffCredential({ tokenHash: hashToken(secret), deviceId: on.device.id, staffId: staff.staffId, createdAt: now, expiresAt });
    await audit.record({ shopId: on.shop.id, deviceId: on.device.id, staffId: staff.staffId }, 'staff_signed_in');
    return { ...on, staff, expiresAt, secret };
  }

  /** A manager signs in (their own browser, not device-bound): the same PIN locks. */
  async function signInManager(staffId: string, pin: string): Promise<ManagerContext & Issued> {
    const staff = await checkPin(await ctx.repos.findStaff(staffId), pin, null);
    if (staff.role !== 'manager') throw notManager();
    const now = ctx.now();
    const secret = newSessionToken();
    const tokenHash = hashToken(secret);
    const expiresAt = now + rules.managerMs;
    await ctx.repos.createManagerCredential({ tokenHash, staffId: staff.staffId, createdAt: now, expiresAt });
    return { manager: staff, shop: await shopOf(staff.shopId), tokenHash, expiresAt, secret };
  }

  return { device, staffOn, signedIn, manager, signIn, signInManager };
}
export type StaffService = ReturnType<typeof staffService>;
