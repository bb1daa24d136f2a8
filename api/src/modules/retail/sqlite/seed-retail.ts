import type { Database } from 'better-sqlite3';
import { hashPasswordSync } from '../../account';
import { SEED_SHOPS, terminalOf } from '../seed/shops';

/** One scrypt hash per seeded PIN per process: a test run opens hundreds of fresh databases. */
const seedHashes = new Map<string, string>();
const seedHashOf = (pin: string): string => seedHashes.get(pin) ?? seedHashes.set(pin, hashPasswordSync(pin)).get(pin) ?? '';

/**
 * The sandbox shops (names kept up to date) and their staff, inserted when missing and never
 * overwritten, so a PIN changed with retail:add survives a restart.
 */
export function seedRetail(db: Database, now: number): void {
  const shop = db.prepare(
    `INSERT INTO retail_shops (id, name, name_ar, terminal_id) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_ar = excluded.name_ar`,
  );
  const exists = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM retail_staff WHERE staff_id = ?');
  const staff = db.prepare(
    `INSERT INTO retail_staff (staff_id, shop_id, name, role, pin_hash, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  for (const s of SEED_SHOPS) {
    shop.run(s.id, s.name, s.nameAr, terminalOf(s.id));
    for (const m of s.staff) if (!exists.get(m.staffId)) staff.run(m.staffId, s.id, m.name, m.role, seedHashOf(m.pin), now);
  }
}
