import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { SEED_STORES, SEED_ZONES } from '../seed/delivery';

/**
 * Delivery zones and stores are reference data, like the catalogue: the seed's rows are written
 * over the database's (as sqlite/seed-fulfilment.ts), each table in one statement (unnest of
 * arrays, one round trip).
 */
export async function seedDelivery(db: PgDatabase): Promise<void> {
  await db.run(
    `INSERT INTO delivery_zones (id, name, emirate, polygon_json, hours_json, eta_minutes, position)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[])
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, emirate = excluded.emirate, polygon_json = excluded.polygon_json,
       hours_json = excluded.hours_json, eta_minutes = excluded.eta_minutes, position = excluded.position`,
    [
      SEED_ZONES.map((z) => z.id),
      SEED_ZONES.map((z) => z.name),
      SEED_ZONES.map((z) => z.emirate),
      SEED_ZONES.map((z) => JSON.stringify(z.polygon)),
      SEED_ZONES.map((z) => JSON.stringify(z.hours)),
      SEED_ZONES.map((z) => z.etaMinutes),
      SEED_ZONES.map((_, i) => i),
    ],
  );
  await db.run(
    `INSERT INTO stores (id, name_en, name_ar, address_en, address_ar, emirate, lat, lng, hours_json)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[], $9::text[])
     ON CONFLICT (id) DO UPDATE SET name_en = excluded.name_en, name_ar = excluded.name_ar, address_en = excluded.address_en,
       address_ar = excluded.address_ar, emirate = excluded.emirate, lat = excluded.lat, lng = excluded.lng, hours_json = excluded.hours_json`,
    [
      SEED_STORES.map((s) => s.id),
      SEED_STORES.map((s) => s.nameEn),
      SEED_STORES.map((s) => s.nameAr),
      SEED_STORES.map((s) => s.addressEn),
      SEED_STORES.map((s) => s.addressAr),
      SEED_STORES.map((s) => s.emirate),
      SEED_STORES.map((s) => s.lat),
      SEED_STORES.map((s) => s.lng),
      SEED_STORES.map((s) => JSON.stringify(s.hours)),
    ],
  );
}
