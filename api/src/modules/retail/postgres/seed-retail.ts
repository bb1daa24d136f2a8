import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { hashPasswordSync } from '../../account';
import { SEED_SHOPS, terminalOf } from '../seed/shops';

/** One scrypt hash per seeded PIN per process: a test run opens many fresh databases. */
const seedHashes = new Map<string, string>();
const seedHashOf = (pin: string): string => seedHashes.get(pin) ?? seedHashes.set(pin, hashPasswordSync(pin)).get(pin) ?? '';

/**
 * The sandbox shops (names kept up to date) and their staff, inserted when missing and never
 * overwritten, so a PIN changed with retail:add survives a restart (as sqlite/seed-retail.ts).
 * Only the missing staff's PINs are hashed; each table is one statement (unnest of arrays).
 */
export async function seedRetail(db: PgDatabase, now: number): Promise<void> {
  await db.run(
    `INSERT INTO retail_shops (id, name, name_ar, terminal_id) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_ar = excluded.name_ar`,
    [SEED_SHOPS.map((s) => s.id), SEED_SHOPS.map((s) => s.name), SEED_SHOPS.map((s) => s.nameAr), SEED_SHOPS.map((s) => terminalOf(s.id))],
  );
  const seeded = SEED_SHOPS.flatMap((s) => s.staff.map((m) => ({ ...m, shopId: s.id })));
  const present = new Set(
    (await db.many<{ staff_id: string }>('SELECT staff_id FROM retail_staff WHERE staff_id = ANY($1::text[])', [seeded.map((m) => m.staffId)])).map(
      (r) => r.staff_id,
    ),
  );
  const missing = seeded.filter((m) => !present.has(m.staffId));
  if (missing.length === 0) return;
  await db.run(
    `INSERT INTO retail_staff (staff_id, shop_id, name, role, pin_hash, created_at)
     SELECT staff_id, shop_id, name, role, pin_hash, $6::bigint FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
       AS s (staff_id, shop_id, name, role, pin_hash)
     ON CONFLICT DO NOTHING`,
    [
      missing.map((m) => m.staffId),
      missing.map((m) => m.shopId),
      missing.map((m) => m.name),
      missing.map((m) => m.role),
      missing.map((m) => seedHashOf(m.pin)),
      now,
    ],
  );
}
