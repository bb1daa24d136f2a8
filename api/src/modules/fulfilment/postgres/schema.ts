import type { MigrationPart } from '../../../platform/db/migrations';

/**
 * This folder's part of the PostgreSQL schema (baseline version 27: SQLite's 1..27 in one step):
 * delivery zones, stores and orders. The SQLite triggers keep their names and messages
 * (SQLSTATE check_violation): orders_final_status and orders_identity_fixed call raise_refusal
 * from their WHEN clause (`IS NOT` is IS DISTINCT FROM); orders_need_identity, which reads
 * identity_decisions, has a function of its own. json_valid is the reference versions' part's.
 */
export const FULFILMENT_PG_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 27,
    sql: `
      -- Where a courier comes and when: hours are local UAE time (JSON [{day, opens, closes}]).
      CREATE TABLE delivery_zones (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        emirate TEXT NOT NULL CHECK (emirate IN ('AZ', 'DU', 'SH', 'AJ', 'UQ', 'RK', 'FU')),
        polygon_json TEXT NOT NULL CHECK (json_valid(polygon_json)),
        hours_json TEXT NOT NULL CHECK (json_valid(hours_json)),
        eta_minutes BIGINT NOT NULL CHECK (eta_minutes > 0),
        position BIGINT NOT NULL
      );
      CREATE TABLE stores (
        id TEXT PRIMARY KEY,
        name_en TEXT NOT NULL,
        name_ar TEXT NOT NULL,
        address_en TEXT NOT NULL,
        address_ar TEXT NOT NULL,
        emirate TEXT NOT NULL CHECK (emirate IN ('AZ', 'DU', 'SH', 'AJ', 'UQ', 'RK', 'FU')),
        lat DOUBLE PRECISION NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lng DOUBLE PRECISION NOT NULL CHECK (lng BETWEEN -180 AND 180),
        hours_json TEXT NOT NULL CHECK (json_valid(hours_json))
      );
      -- One order per user (UNIQUE uid: a double click or a second tab finds the first one).
      -- history_json: [{status, at}] oldest first. The delivery columns are set exactly for a
      -- delivery, store_id exactly for a pickup; the phone is stored in international form.
      -- An order is made for an account with a verified identity, recorded on it as it was when
      -- the order was placed (kind, masked document number, the authority's person, the decision,
      -- when verified, the holder's name for the desk).
      CREATE TABLE orders (
        id TEXT PRIMARY KEY CHECK (id ~ '^ord_'),
        uid TEXT NOT NULL UNIQUE REFERENCES users(uid) ON DELETE CASCADE,
        order_number TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('delivery', 'pickup', 'esim')),
        status TEXT NOT NULL CHECK (status IN ('received', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected', 'issued', 'installed')),
        history_json TEXT NOT NULL CHECK (json_valid(history_json)),
        delivery_lat DOUBLE PRECISION,
        delivery_lng DOUBLE PRECISION,
        delivery_address TEXT,
        delivery_address_2 TEXT,
        delivery_instructions TEXT,
        delivery_phone TEXT CHECK (delivery_phone IS NULL OR delivery_phone ~ '^[0-9]'),
        store_id TEXT REFERENCES stores(id),
        courier_job_id TEXT,
        eta BIGINT,
        esim_profile_id TEXT,
        smdp_address TEXT,
        matching_id TEXT,
        amount_due_fils BIGINT NOT NULL CHECK (amount_due_fils >= 0),
        msisdn TEXT NOT NULL,
        refreshed_at BIGINT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        account_id TEXT REFERENCES accounts(id),
        identity_decision_id BIGINT REFERENCES identity_decisions(id) ON DELETE SET NULL,
        identity_document_kind TEXT CHECK (identity_document_kind IS NULL OR identity_document_kind IN ('emirates_id', 'passport')),
        identity_document_masked TEXT,
        identity_person_ref TEXT,
        identity_holder_name TEXT,
        identity_verified_at BIGINT,
        CHECK ((kind = 'delivery') = (delivery_address IS NOT NULL AND delivery_lat IS NOT NULL AND delivery_lng IS NOT NULL AND delivery_phone IS NOT NULL)),
        CHECK ((kind = 'pickup') = (store_id IS NOT NULL)),
        CHECK (kind = 'esim' OR (esim_profile_id IS NULL AND smdp_address IS NULL AND matching_id IS NULL)),
        CHECK ((esim_profile_id IS NULL) = (smdp_address IS NULL) AND (smdp_address IS NULL) = (matching_id IS NULL)),
        CHECK (kind = 'esim' OR courier_job_id IS NOT NULL OR status = 'received')
      );
      -- The retention sweep's index (flow/retention.ts): sales by the order's time.
      CREATE INDEX orders_by_created ON orders (created_at);
      -- The SIM limit counts cash-on-delivery sales through the order's identity decision.
      CREATE INDEX orders_by_identity_decision ON orders (identity_decision_id);

      -- Delivered, collected and installed are final: the flags that count as done follow them.
      CREATE TRIGGER orders_final_status BEFORE UPDATE OF status ON orders
        FOR EACH ROW WHEN (OLD.status IN ('delivered', 'collected', 'installed') AND NEW.status <> OLD.status)
        EXECUTE FUNCTION raise_refusal('a delivered, collected or installed order is final');
      -- No order can be placed without a verified identity decision, and none can change it.
      CREATE FUNCTION orders_need_identity() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.account_id IS NULL
          OR NEW.identity_document_kind IS NULL OR NEW.identity_document_masked IS NULL OR NEW.identity_verified_at IS NULL
          OR NOT EXISTS (
            SELECT 1 FROM identity_decisions d
            WHERE d.id = NEW.identity_decision_id AND d.uid = NEW.uid AND d.account_id = NEW.account_id
              AND d.outcome = 'verified' AND d.document_kind = NEW.identity_document_kind
              AND (d.sim_type = 'esim') = (NEW.kind = 'esim'))
        THEN
          RAISE EXCEPTION 'an order needs a verified identity decision of its user and account, for its kind of SIM'
            USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER orders_need_identity BEFORE INSERT ON orders
        FOR EACH ROW EXECUTE FUNCTION orders_need_identity();
      CREATE TRIGGER orders_identity_fixed BEFORE UPDATE OF uid, account_id, identity_document_kind, identity_document_masked, identity_person_ref, identity_holder_name, identity_verified_at ON orders
        FOR EACH ROW WHEN (NEW.uid IS DISTINCT FROM OLD.uid OR NEW.account_id IS DISTINCT FROM OLD.account_id
          OR NEW.identity_document_kind IS DISTINCT FROM OLD.identity_document_kind OR NEW.identity_document_masked IS DISTINCT FROM OLD.identity_document_masked
          OR NEW.identity_person_ref IS DISTINCT FROM OLD.identity_person_ref OR NEW.identity_holder_name IS DISTINCT FROM OLD.identity_holder_name
          OR NEW.identity_verified_at IS DISTINCT FROM OLD.identity_verified_at)
        EXECUTE FUNCTION raise_refusal('an order''s identity is fixed when it is placed');
    `,
  },
];
