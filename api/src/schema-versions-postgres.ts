import { mergeMigrations } from './platform/db/migrations';
import { SESSION_PG_MIGRATIONS } from './platform/sessions/postgres/schema';
import { ACCOUNT_PG_MIGRATIONS } from './modules/account/postgres/schema';
import { CATALOGUE_PG_MIGRATIONS } from './modules/catalogue/postgres/schema';
import { CONTENT_PG_MIGRATIONS } from './modules/content/postgres/schema';
import { CONSENT_PG_MIGRATIONS } from './modules/consent/postgres/schema';
import { MEASUREMENT_PG_MIGRATIONS } from './modules/measurement/postgres/schema';
import { FLOW_PG_MIGRATIONS } from './modules/flow/postgres/schema';
import { FULFILMENT_PG_MIGRATIONS } from './modules/fulfilment/postgres/schema';
import { IDENTITY_PG_MIGRATIONS } from './modules/identity/postgres/schema';
import { NUMBERS_PG_MIGRATIONS } from './modules/numbers/postgres/schema';
import { PAYMENT_PG_MIGRATIONS } from './modules/payment/postgres/schema';
import { RETAIL_PG_MIGRATIONS } from './modules/retail/postgres/schema';
import { REFERENCE_VERSION_PG_MIGRATIONS } from './platform/reference-versions/postgres/schema';
import { LIMITS_PG_MIGRATIONS } from './platform/limits/postgres/schema';
import { SCHEMA_HISTORY } from './schema-versions';

/**
 * The PostgreSQL schema's history. PostgreSQL starts at the SQLite schema's version 27 in one
 * step (no PostgreSQL database predates it); each folder's postgres/schema.ts holds its part of
 * it, in that version's final shape. A later migration is a version here and in
 * src/schema-versions.ts (the same number and name: both databases move together), with a part
 * in the folder's migrations.ts and in its postgres/schema.ts.
 */
export const PG_SCHEMA_HISTORY: ReadonlyMap<number, string> = new Map([
  [27, 'baseline: the schema of SQLite versions 1–27 in one step'],
  [28, sqliteName(28)],
]);

function sqliteName(version: number): string {
  const name = SCHEMA_HISTORY.get(version);
  if (name === undefined) throw new Error(`schema version ${version} is not in src/schema-versions.ts`);
  return name;
}

/**
 * Every version with all its parts, in the folder order of src/schema-versions.ts: the
 * reference versions' part first (its row, and the functions the others' triggers and CHECKs
 * call), the visitors, then the modules in the order of the flow. A foreign key only ever names
 * a table of an earlier part; a column or key a folder adds to another's table is in its part.
 */
export const PG_MIGRATIONS = mergeMigrations(PG_SCHEMA_HISTORY, [
  REFERENCE_VERSION_PG_MIGRATIONS,
  SESSION_PG_MIGRATIONS,
  LIMITS_PG_MIGRATIONS,
  CATALOGUE_PG_MIGRATIONS,
  NUMBERS_PG_MIGRATIONS,
  ACCOUNT_PG_MIGRATIONS,
  IDENTITY_PG_MIGRATIONS,
  PAYMENT_PG_MIGRATIONS,
  FULFILMENT_PG_MIGRATIONS,
  FLOW_PG_MIGRATIONS,
  CONTENT_PG_MIGRATIONS,
  CONSENT_PG_MIGRATIONS,
  RETAIL_PG_MIGRATIONS,
  MEASUREMENT_PG_MIGRATIONS,
]);

export const PG_SCHEMA_VERSION = PG_MIGRATIONS.at(-1)?.version ?? 0;
