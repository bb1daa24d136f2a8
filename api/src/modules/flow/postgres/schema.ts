import type { MigrationPart } from '../../../platform/db/migrations';

/**
 * This folder's part of the PostgreSQL schema (baseline version 27: SQLite's 1..27 in one step):
 * the flow context on the visitor's row.
 */
export const FLOW_PG_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 27,
    sql: `
      -- SPEC 2 access rules read these besides the flags (shared/src/flow/context.ts). NULL
      -- where the answer is not known yet; each is written only by the endpoint that owns it.
      -- terminated_email: a proven e-mail only (a validated code, a verified Google login).
      ALTER TABLE users ADD COLUMN resident_type TEXT CHECK (resident_type IS NULL OR resident_type IN ('resident', 'non_resident'));
      ALTER TABLE users ADD COLUMN inside_uae INTEGER CHECK (inside_uae IS NULL OR inside_uae IN (0, 1));
      ALTER TABLE users ADD COLUMN has_delivery_form INTEGER NOT NULL DEFAULT 0 CHECK (has_delivery_form IN (0, 1));
      ALTER TABLE users ADD COLUMN terminated_email TEXT CHECK (terminated_email IS NULL OR length(terminated_email) BETWEEN 3 AND 254);
      ALTER TABLE users ADD COLUMN retail INTEGER NOT NULL DEFAULT 0 CHECK (retail IN (0, 1));
    `,
  },
];
