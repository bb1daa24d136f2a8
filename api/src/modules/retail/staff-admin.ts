import { StaffId, StaffPin } from '@join/shared/contract';
import { z } from 'zod';
import { hashPassword } from '../account';
import { terminalOf } from './seed/shops';
import type { RetailRepository, StaffRole } from './repository';

/** A shop id: lower-case letters, digits and dashes (dxb-mall). */
export const ShopId = z.string().regex(/^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/, 'a shop id is lower-case letters, digits and dashes');

/** What `retail:add` is told: a shop (added or renamed when names are given) and, optionally, a staff member of it. */
export const RetailAddInput = z
  .object({
    shop: ShopId,
    shopName: z.string().trim().min(1).max(100).optional(),
    shopNameAr: z.string().trim().min(1).max(100).optional(),
    terminal: z.string().trim().min(1).max(60).optional(),
    staffId: StaffId.optional(),
    name: z.string().trim().min(1).max(100).optional(),
    role: z.enum(['staff', 'manager']).default('staff'),
    pin: StaffPin.optional(),
  })
  .refine((i) => (i.shopName === undefined) === (i.shopNameAr === undefined), { message: 'give a shop both its names, English and Arabic' })
  .refine((i) => i.staffId === undefined || (i.name !== undefined && i.pin !== undefined), { message: 'a staff member needs a name and a PIN' });
export type RetailAddInput = z.infer<typeof RetailAddInput>;

/** What was done, to be printed (never the PIN). */
export interface RetailAddReport {
  shop: string;
  shopAdded: boolean;
  staff: { staffId: string; role: StaffRole } | null;
}

/** Adds or renames a shop and adds (or replaces the PIN of) a staff member; the PIN is stored only as its scrypt hash. */
export async function addRetailStaff(repos: RetailRepository, input: RetailAddInput, now: number): Promise<RetailAddReport> {
  const existing = await repos.findShop(input.shop);
  if (input.shopName !== undefined && input.shopNameAr !== undefined) {
    await repos.upsertShop({ id: input.shop, name: input.shopName, nameAr: input.shopNameAr, terminalId: input.terminal ?? existing?.terminalId ?? terminalOf(input.shop) });
  } else if (!existing) {
    throw new Error(`no shop ${input.shop}: give --shop-name and --shop-name-ar to add it`);
  }
  if (input.staffId === undefined || input.name === undefined || input.pin === undefined) return { shop: input.shop, shopAdded: !existing, staff: null };
  await repos.putStaff({ staffId: input.staffId, shopId: input.shop, name: input.name, role: input.role, pinHash: await hashPassword(input.pin), createdAt: now });
  return { shop: input.shop, shopAdded: !existing, staff: { staffId: input.staffId, role: input.role } };
}
