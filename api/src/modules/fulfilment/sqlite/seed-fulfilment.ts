import type { Database } from 'better-sqlite3';
import { SEED_STORES, SEED_ZONES } from '../seed/delivery';

/** Delivery zones and stores are reference data, like the catalogue: the seed's rows are written over the database's. */
export function seedDelivery(db: Database): void {
  const zone = db.prepare(
    `INSERT INTO delivery_zones (id, name, emirate, polygon_json, hours_json, eta_minutes, position) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, emirate = excluded.emirate, polygon_json = excluded.polygon_json,
       hours_json = excluded.hours_json, eta_minutes = excluded.eta_minutes, position = excluded.position`,
  );
  SEED_ZONES.forEach((z, i) => zone.run(z.id, z.name, z.emirate, JSON.stringify(z.polygon), JSON.stringify(z.hours), z.etaMinutes, i));
  const store = db.prepare(
    `INSERT INTO stores (id, name_en, name_ar, address_en, address_ar, emirate, lat, lng, hours_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name_en = excluded.name_en, name_ar = excluded.name_ar, address_en = excluded.address_en,
       address_ar = excluded.address_ar, emirate = excluded.emirate, lat = excluded.lat, lng = excluded.lng, hours_json = excluded.hours_json`,
  );
  for (const s of SEED_STORES) store.run(s.id, s.nameEn, s.nameAr, s.addressEn, s.addressAr, s.emirate, s.lat, s.lng, JSON.stringify(s.hours));
}
