import type { MigrationPart } from '../../platform/db/migrations';

/**
 * This folder's part of the schema: identity checks, their images, face challenges, decisions and the identity flags. Version numbers are global (the whole
 * history is named in src/schema-versions.ts, and existing databases record them); the runner
 * (platform/db/migrations.ts) applies every folder's part of a version in one transaction. Append
 * new versions; never edit an applied one.
 */
export const IDENTITY_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 9,
    sql: `
      -- The activation method's second answer (resident_type is its first, version 4).
      ALTER TABLE users ADD COLUMN sim_type TEXT CHECK (sim_type IS NULL OR sim_type IN ('esim', 'physical'));
      -- The identity check's outcome flags: a resident with a physical SIM is "resident done"
      -- (pays on delivery), everyone else "id verified". They only ever turn on.
      ALTER TABLE users ADD COLUMN id_verified INTEGER NOT NULL DEFAULT 0 CHECK (id_verified IN (0, 1));
      ALTER TABLE users ADD COLUMN resident_done INTEGER NOT NULL DEFAULT 0 CHECK (resident_done IN (0, 1));
      CREATE TRIGGER users_identity_flags_forward BEFORE UPDATE OF id_verified, resident_done ON users
        WHEN NEW.id_verified < OLD.id_verified OR NEW.resident_done < OLD.resident_done
      BEGIN
        SELECT RAISE(ABORT, 'identity flags only move forward');
      END;
      -- A check under way: at most one per user, gone at the decision or when it expires
      -- (30 minutes after it started). details_json: what the machine-readable zone said.
      CREATE TABLE identity_checks (
        uid TEXT PRIMARY KEY REFERENCES users(uid) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('emirates_id', 'passport')),
        started_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL CHECK (expires_at > started_at),
        details_json TEXT,
        face_matched_at INTEGER,
        liveness TEXT CHECK (liveness IS NULL OR liveness IN ('passed'))
      ) WITHOUT ROWID;
      CREATE INDEX identity_checks_by_expiry ON identity_checks (expires_at);
      -- The document's images, one per side, with what the authority read from each. Deleted
      -- with their check (the decision, an expiry, a new residency answer).
      CREATE TABLE identity_check_sides (
        uid TEXT NOT NULL REFERENCES identity_checks(uid) ON DELETE CASCADE,
        side TEXT NOT NULL CHECK (side IN ('front', 'back', 'data_page')),
        image BLOB NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('scan', 'upload')),
        document_json TEXT,
        face_found INTEGER NOT NULL CHECK (face_found IN (0, 1)),
        received_at INTEGER NOT NULL,
        PRIMARY KEY (uid, side)
      ) WITHOUT ROWID;
      -- Every decision of the authority (or of the API's own age and expiry checks): no image.
      CREATE TABLE identity_decisions (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        outcome TEXT NOT NULL CHECK (outcome IN ('verified', 'refused')),
        code INTEGER CHECK ((outcome = 'verified') = (code IS NULL)),
        document_kind TEXT NOT NULL CHECK (document_kind IN ('emirates_id', 'passport')),
        document_number TEXT NOT NULL,
        expiry_date TEXT NOT NULL,
        birth_date TEXT NOT NULL,
        resident_type TEXT NOT NULL CHECK (resident_type IN ('resident', 'non_resident')),
        sim_type TEXT NOT NULL CHECK (sim_type IN ('esim', 'physical')),
        person_ref TEXT,
        liveness TEXT,
        decided_at INTEGER NOT NULL
      );
      CREATE INDEX identity_decisions_by_uid ON identity_decisions (uid, decided_at);
    `,
  },
  {
    version: 12,
    sql: `
      -- SPEC 2: from the first address step the visitor goes back to the residency check, which
      -- clears the residency answers; the resident validation rested on them. It may turn off only
      -- in that one update (the residency answer cleared with it), before the plan is paid and
      -- before any order exists. Otherwise the identity flags still only move forward.
      DROP TRIGGER users_identity_flags_forward;
      CREATE TRIGGER users_identity_flags_forward BEFORE UPDATE OF id_verified, resident_done ON users
        WHEN NEW.id_verified < OLD.id_verified
          OR (NEW.resident_done < OLD.resident_done
              AND NOT (NEW.resident_type IS NULL AND OLD.plan_paid = 0 AND NOT EXISTS (SELECT 1 FROM orders WHERE orders.uid = OLD.uid)))
      BEGIN
        SELECT RAISE(ABORT, 'identity flags only move forward');
      END;
    `,
  },
  {
    version: 13,
    sql: `
      -- A verification belongs to the account that made it: the decision says which
      -- account, and the device user's identity flags count only for that account (a device
      -- logged in as another account reads none). Existing flags have no account: they count for
      -- nobody, and the visitor passes the check again.
      ALTER TABLE users ADD COLUMN verified_account_id TEXT REFERENCES accounts(id);
      ALTER TABLE identity_decisions ADD COLUMN account_id TEXT REFERENCES accounts(id);
      -- The name on the verified document, for the store desk's hand-over (a pickup's recipient).
      ALTER TABLE identity_decisions ADD COLUMN holder_name TEXT;
      CREATE INDEX identity_decisions_by_account ON identity_decisions (uid, account_id, outcome);
      -- A pending check is the account's too: another account on the device does not finish it.
      ALTER TABLE identity_checks ADD COLUMN account_id TEXT;
    `,
  },
  {
    version: 17,
    sql: `
      -- The selfie answers a challenge the server issued (a nonce and a prompt to
      -- follow), one live challenge per session: a new one replaces it, an attempt takes it
      -- (single use), the session's end deletes it. Only the nonce's SHA-256 is stored.
      CREATE TABLE face_challenges (
        token_hash TEXT PRIMARY KEY REFERENCES sessions(token_hash) ON DELETE CASCADE,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        nonce_hash TEXT NOT NULL CHECK (length(nonce_hash) = 64),
        prompt TEXT NOT NULL CHECK (prompt IN ('closer', 'farther', 'left', 'right')),
        issued_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL CHECK (expires_at > issued_at)
      ) WITHOUT ROWID;
      CREATE INDEX face_challenges_by_expiry ON face_challenges (expires_at);
      -- The authority's person whose reference portrait the face matched (null: the authority
      -- holds no portrait for the document); the decision must name the same person.
      ALTER TABLE identity_checks ADD COLUMN face_person_ref TEXT;
    `,
  },
  {
    version: 18,
    sql: `
      -- Verified documents, counted per document by the SIM limit (domain/sim-limit.ts).
      CREATE INDEX identity_decisions_by_document ON identity_decisions (document_kind, document_number) WHERE outcome = 'verified';
    `,
  },
];
