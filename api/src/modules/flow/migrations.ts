import type { MigrationPart } from '../../platform/db/migrations';

/**
 * This folder's part of the schema: the flow context on the visitor's row. Version numbers are global (the whole
 * history is named in src/schema-versions.ts, and existing databases record them); the runner
 * (platform/db/migrations.ts) applies every folder's part of a version in one transaction. Append
 * new versions; never edit an applied one.
 */
export const FLOW_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 4,
    sql: `
      -- SPEC 2 access rules read these besides the flags (shared/src/flow/context.ts). NULL
      -- where the answer is not known yet; each is written only by the endpoint that owns it.
      ALTER TABLE users ADD COLUMN resident_type TEXT CHECK (resident_type IS NULL OR resident_type IN ('resident', 'non_resident'));
      ALTER TABLE users ADD COLUMN inside_uae INTEGER CHECK (inside_uae IS NULL OR inside_uae IN (0, 1));
      ALTER TABLE users ADD COLUMN has_delivery_form INTEGER NOT NULL DEFAULT 0 CHECK (has_delivery_form IN (0, 1));
      ALTER TABLE users ADD COLUMN terminated_email TEXT CHECK (terminated_email IS NULL OR length(terminated_email) BETWEEN 3 AND 254);
      ALTER TABLE users ADD COLUMN retail INTEGER NOT NULL DEFAULT 0 CHECK (retail IN (0, 1));
    `,
  },
  {
    version: 14,
    sql: `
      -- Until this version the e-mail check recorded a terminated e-mail in the flow context as
      -- soon as it was typed, which opened /login/terminated and its numbers to whoever typed it.
      -- Only a proven e-mail is recorded now (a validated code, a verified Google login): the
      -- unproven ones go. A visitor who was on that page types the e-mail again and proves it.
      UPDATE users SET terminated_email = NULL WHERE terminated_email IS NOT NULL;
    `,
  },
];
