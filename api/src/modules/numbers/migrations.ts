import type { MigrationPart } from '../../platform/db/migrations';

/**
 * This folder's part of the schema: the number pool, holds and their ledger, search, transfer (MNP). Version numbers are global (the whole
 * history is named in src/schema-versions.ts, and existing databases record them); the runner
 * (platform/db/migrations.ts) applies every folder's part of a version in one transaction. Append
 * new versions; never edit an applied one.
 */
export const NUMBERS_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 1,
    sql: `
      -- A hold is (holder, reserved_at, held_until), all set or all null. The rowid stays
      -- (no WITHOUT ROWID) because the random offer seeks by it.
      CREATE TABLE numbers (
        msisdn TEXT PRIMARY KEY CHECK (msisdn GLOB '9715[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
        vanity_level INTEGER NOT NULL,
        holder TEXT REFERENCES users(uid),
        reserved_at INTEGER,
        held_until INTEGER,
        CHECK ((holder IS NULL) = (held_until IS NULL) AND (holder IS NULL) = (reserved_at IS NULL))
      );
      -- One hold per user, enforced by the database whatever the code above it does.
      CREATE UNIQUE INDEX numbers_one_hold_per_user ON numbers(holder) WHERE holder IS NOT NULL;
      CREATE INDEX numbers_holds_by_expiry ON numbers(held_until) WHERE holder IS NOT NULL;
    `,
  },
  {
    version: 2,
    sql: `
      -- Operators a number can be transferred from, and the subscribers of other UAE
      -- operators this sandbox knows (the transfer checks of SPEC 4 and 8 read them).
      CREATE TABLE mnp_operators (
        code TEXT PRIMARY KEY CHECK (length(code) BETWEEN 1 AND 32 AND code NOT GLOB '*[^a-z0-9_-]*'),
        name TEXT NOT NULL
      );
      CREATE TABLE external_subscribers (
        msisdn TEXT PRIMARY KEY CHECK (msisdn GLOB '9715[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]' AND msisdn NOT GLOB '97158*'),
        operator_code TEXT NOT NULL REFERENCES mnp_operators(code),
        status TEXT NOT NULL CHECK (status IN ('active', 'in_transfer', 'not_activated'))
      );

      -- Named counters; reservation_id is the last reservation id handed out, so ids are
      -- unique over time, not only among live holds.
      CREATE TABLE counters (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      );
      INSERT INTO counters (name, value) VALUES ('reservation_id', (SELECT COUNT(*) FROM numbers WHERE holder IS NOT NULL));

      -- numbers gains the reservation facts; SQLite cannot add table CHECKs to a table, so it
      -- is rebuilt (same rowids: the random offer and the search index key on them).
      CREATE TABLE numbers_v2 (
        msisdn TEXT PRIMARY KEY CHECK (msisdn GLOB '9715[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
        vanity_level INTEGER NOT NULL CHECK (vanity_level BETWEEN 1 AND 99),
        holder TEXT REFERENCES users(uid),
        reservation_id INTEGER,
        reserved_at INTEGER,
        held_until INTEGER,
        extensions INTEGER NOT NULL DEFAULT 0 CHECK (extensions >= 0),
        committed INTEGER NOT NULL DEFAULT 0 CHECK (committed IN (0, 1)),
        -- A transfer (MNP) hold: the external number that this pool number stands in for.
        transfer_msisdn TEXT CHECK (transfer_msisdn GLOB '9715[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]' AND transfer_msisdn NOT GLOB '97158*'),
        transfer_operator TEXT REFERENCES mnp_operators(code),
        CHECK ((holder IS NULL) = (held_until IS NULL) AND (holder IS NULL) = (reserved_at IS NULL)
               AND (holder IS NULL) = (reservation_id IS NULL)),
        CHECK (holder IS NOT NULL OR (extensions = 0 AND committed = 0 AND transfer_msisdn IS NULL)),
        CHECK ((transfer_msisdn IS NULL) = (transfer_operator IS NULL))
      );
      -- Holds of the previous version keep their holder and expiry and get ids 1..n.
      INSERT INTO numbers_v2 (rowid, msisdn, vanity_level, holder, reservation_id, reserved_at, held_until)
        SELECT rowid, msisdn, vanity_level, holder,
               CASE WHEN holder IS NULL THEN NULL ELSE SUM(holder IS NOT NULL) OVER (ORDER BY rowid) END,
               reserved_at, held_until
        FROM numbers ORDER BY rowid;
      DROP TABLE numbers;
      ALTER TABLE numbers_v2 RENAME TO numbers;

      -- One hold per user, one live claim per reservation id and per external number: the
      -- database refuses a second whatever the code above it does.
      CREATE UNIQUE INDEX numbers_one_hold_per_user ON numbers(holder) WHERE holder IS NOT NULL;
      CREATE INDEX numbers_holds_by_expiry ON numbers(held_until) WHERE holder IS NOT NULL;
      CREATE UNIQUE INDEX numbers_by_reservation_id ON numbers(reservation_id) WHERE reservation_id IS NOT NULL;
      CREATE UNIQUE INDEX numbers_one_transfer_per_external ON numbers(transfer_msisdn) WHERE transfer_msisdn IS NOT NULL;

      -- Number search: a trigram index over one short document per number, keyed by rowid:
      -- the seven subscriber digits, an end anchor ($$) so "ends with" is a trigram too, and
      -- a tier token (v01 .. v10) so a rare tier is a short posting list rather than a scan.
      -- Contentless (the numbers table holds the text) and detail=none (no positions):
      -- candidates are re-checked against the row, so the index only has to narrow them.
      CREATE VIRTUAL TABLE numbers_search USING fts5(
        doc, tokenize = 'trigram', detail = 'none', content = '', contentless_delete = 1
      );
      INSERT INTO numbers_search (rowid, doc)
        SELECT rowid, substr(msisdn, 6) || '$$ v' || printf('%02d', vanity_level) FROM numbers;
      CREATE TRIGGER numbers_search_insert AFTER INSERT ON numbers BEGIN
        INSERT INTO numbers_search (rowid, doc) VALUES (new.rowid, substr(new.msisdn, 6) || '$$ v' || printf('%02d', new.vanity_level));
      END;
      CREATE TRIGGER numbers_search_delete AFTER DELETE ON numbers BEGIN
        DELETE FROM numbers_search WHERE rowid = old.rowid;
      END;
      CREATE TRIGGER numbers_search_update AFTER UPDATE OF msisdn, vanity_level ON numbers BEGIN
        DELETE FROM numbers_search WHERE rowid = old.rowid;
        INSERT INTO numbers_search (rowid, doc) VALUES (new.rowid, substr(new.msisdn, 6) || '$$ v' || printf('%02d', new.vanity_level));
      END;
    `,
  },
  {
    version: 7,
    sql: `
      -- One row per claim (a new reservation id); extensions move ends_at, a release cuts it to
      -- the release time. The limits of domain/holds.ts HOLD_LIMITS are counted from here.
      CREATE TABLE hold_log (
        reservation_id INTEGER PRIMARY KEY,
        msisdn TEXT NOT NULL,
        uid TEXT NOT NULL,
        device_id TEXT NOT NULL,
        address TEXT NOT NULL,
        vip INTEGER NOT NULL CHECK (vip IN (0, 1)),
        granted_at INTEGER NOT NULL,
        ends_at INTEGER NOT NULL CHECK (ends_at >= granted_at)
      );
      CREATE INDEX hold_log_number_uid ON hold_log (msisdn, uid, ends_at);
      CREATE INDEX hold_log_number_device ON hold_log (msisdn, device_id, ends_at);
      CREATE INDEX hold_log_uid ON hold_log (uid, vip, granted_at);
      CREATE INDEX hold_log_device ON hold_log (device_id, vip, granted_at);
      CREATE INDEX hold_log_address ON hold_log (address, vip, ends_at);
    `,
  },
  {
    version: 19,
    sql: `
      -- The other operators' subscribers are not ours to keep: the transfer checks ask the
      -- number-portability lookup (portability-client.ts; its sandbox is sandboxes/src/portability).
      -- A transfer claim keeps its number and operator on the held pool number (numbers.transfer_*).
      DROP TABLE external_subscribers;
    `,
  },
];
