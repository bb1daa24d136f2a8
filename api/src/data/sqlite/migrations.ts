import type { Database } from 'better-sqlite3';

/**
 * Schema migrations, applied in order and recorded in schema_migrations, so opening a
 * database twice (or an older one) is safe. Append new versions; never edit an applied one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE products (
        code INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        category TEXT NOT NULL CHECK (category IN ('PAYG', 'Commitment', 'VIP')),
        commitment_duration INTEGER NOT NULL CHECK (commitment_duration > 0),
        is_tourist INTEGER NOT NULL DEFAULT 0 CHECK (is_tourist IN (0, 1)),
        allowed_features TEXT NOT NULL DEFAULT '[]'
      );
      CREATE TABLE sub_plans (
        id INTEGER PRIMARY KEY,
        product_code INTEGER NOT NULL REFERENCES products(code),
        type TEXT NOT NULL CHECK (type IN ('DATA', 'VOICE-LCL', 'VOICE-INT')),
        name TEXT NOT NULL,
        value INTEGER NOT NULL CHECK (value >= -1),
        validity_days INTEGER NOT NULL CHECK (validity_days > 0),
        daily_allowance INTEGER
      );
      CREATE INDEX sub_plans_by_product ON sub_plans(product_code);
      CREATE TABLE package_prices (
        product_code INTEGER PRIMARY KEY REFERENCES products(code),
        plan_net_price REAL NOT NULL CHECK (plan_net_price >= 0),
        vat_percentage REAL NOT NULL CHECK (vat_percentage >= 0)
      );

      CREATE TABLE users (
        uid TEXT PRIMARY KEY,
        device_id TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        current_product_code INTEGER REFERENCES products(code),
        product_saved INTEGER NOT NULL DEFAULT 0 CHECK (product_saved IN (0, 1)),
        number_flag INTEGER NOT NULL DEFAULT 0 CHECK (number_flag IN (0, 1)),
        plan_flag INTEGER NOT NULL DEFAULT 0 CHECK (plan_flag IN (0, 1))
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        device_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_by_last_seen ON sessions(last_seen_at);

      CREATE TABLE saved_plans (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uid TEXT NOT NULL UNIQUE REFERENCES users(uid) ON DELETE CASCADE,
        product_code INTEGER NOT NULL REFERENCES products(code),
        plan_ids TEXT NOT NULL,
        plan_net_price REAL NOT NULL,
        extra_charges TEXT NOT NULL,
        net_price REAL NOT NULL,
        vat_percentage REAL NOT NULL,
        vat_amount REAL NOT NULL,
        created_at INTEGER NOT NULL
      );

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

      CREATE TABLE business_config (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE translations (
        container_id TEXT NOT NULL,
        language TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (container_id, language, key)
      );
    `,
  },
  {
    version: 2,
    name: 'number search, reservations, VIP tiers, transfer (MNP)',
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

      -- The vanity level a VIP product is sold with (NULL: not tied to a tier).
      ALTER TABLE products ADD COLUMN vanity_level INTEGER;

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
    version: 3,
    name: 'plans: prices, promotions, boosters, preferences',
    sql: `
      -- How a product is priced besides a fixed bundle price: built from options
      -- (is_customizable), or a month-by-month list price less its term's saving.
      ALTER TABLE products ADD COLUMN is_customizable INTEGER NOT NULL DEFAULT 0 CHECK (is_customizable IN (0, 1));
      ALTER TABLE products ADD COLUMN list_net_price REAL CHECK (list_net_price IS NULL OR list_net_price >= 0);
      CREATE TABLE commitment_terms (
        months INTEGER PRIMARY KEY CHECK (months > 0),
        saving_percentage REAL NOT NULL CHECK (saving_percentage >= 0 AND saving_percentage < 100)
      );
      -- The price of an option of a customizable product (NULL in a fixed bundle).
      ALTER TABLE sub_plans ADD COLUMN net_price REAL CHECK (net_price IS NULL OR net_price >= 0);

      CREATE TABLE promotions (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE CHECK (length(key) BETWEEN 1 AND 40 AND key NOT GLOB '*[^a-z0-9_-]*'),
        category TEXT NOT NULL
          CHECK (category IN ('AmountDiscount', 'PercentageDiscount', 'AddOn', 'CashBack', 'RecurringData', 'MGM')),
        type TEXT NOT NULL,
        value REAL NOT NULL CHECK (value >= 0),
        plan TEXT CHECK (plan IS NULL OR plan IN ('DATA', 'VOICE-LCL', 'VOICE-INT')),
        is_user_promo INTEGER NOT NULL DEFAULT 0 CHECK (is_user_promo IN (0, 1)),
        duration_months INTEGER CHECK (duration_months IS NULL OR duration_months > 0),
        max_value REAL CHECK (max_value IS NULL OR max_value >= 0),
        requires_consent INTEGER NOT NULL DEFAULT 0 CHECK (requires_consent IN (0, 1)),
        valid_until INTEGER,
        min_plan_net_price REAL CHECK (min_plan_net_price IS NULL OR min_plan_net_price >= 0),
        tourist_only INTEGER NOT NULL DEFAULT 0 CHECK (tourist_only IN (0, 1)),
        CHECK (category <> 'PercentageDiscount' OR value <= 100)
      );
      -- Automatic promotions, product by product.
      CREATE TABLE product_promotions (
        product_code INTEGER NOT NULL REFERENCES products(code) ON DELETE CASCADE,
        promotion_id INTEGER NOT NULL REFERENCES promotions(id) ON DELETE CASCADE,
        PRIMARY KEY (product_code, promotion_id)
      );
      CREATE TABLE promo_codes (
        code TEXT PRIMARY KEY CHECK (length(code) BETWEEN 1 AND 40 AND code NOT GLOB '*[^A-Z0-9]*'),
        promotion_id INTEGER NOT NULL REFERENCES promotions(id) ON DELETE CASCADE
      );

      CREATE TABLE boosters (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('DATA', 'VOICE-LCL', 'VOICE-INT')),
        value INTEGER NOT NULL CHECK (value > 0),
        validity_days INTEGER NOT NULL CHECK (validity_days > 0),
        net_price REAL NOT NULL CHECK (net_price >= 0),
        tags TEXT NOT NULL DEFAULT '[]'
      );

      CREATE TABLE preferences (
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        preference_id INTEGER NOT NULL,
        value INTEGER NOT NULL CHECK (value IN (0, 1)),
        PRIMARY KEY (uid, preference_id)
      );

      -- What was chosen with the plan besides its sub-plans, and what the saved price applied
      -- (a snapshot, like the price itself).
      ALTER TABLE saved_plans ADD COLUMN booster_ids TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE saved_plans ADD COLUMN promotion_keys TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE saved_plans ADD COLUMN promo_code TEXT;
      ALTER TABLE saved_plans ADD COLUMN discounts TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE saved_plans ADD COLUMN applied_promotions TEXT NOT NULL DEFAULT '[]';
    `,
  },
  {
    version: 4,
    name: 'flow context: the access rules inputs that are not flags',
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
    version: 5,
    name: 'names in other languages: products, their plans, boosters, operators',
    sql: `
      -- The name columns of products, sub_plans, boosters and mnp_operators stay the English
      -- names; this table holds a name per other language. A name it lacks is answered in
      -- English. id is the row's key as text (a product code, a plan or booster id, an operator code).
      CREATE TABLE localized_names (
        kind TEXT NOT NULL CHECK (kind IN ('product', 'sub_plan', 'booster', 'operator')),
        id TEXT NOT NULL,
        language TEXT NOT NULL CHECK (language <> 'en'),
        name TEXT NOT NULL CHECK (length(name) > 0),
        PRIMARY KEY (language, kind, id)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 6,
    name: 'feedback from the help modal',
    sql: `
      -- SPEC 5: up to 50 characters. SQLite's length() counts characters, as the client does.
      CREATE TABLE feedback (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        device_id TEXT NOT NULL,
        text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 50),
        route TEXT NOT NULL CHECK (length(route) BETWEEN 1 AND 200),
        step TEXT,
        language TEXT NOT NULL CHECK (language IN ('en', 'ar')),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX feedback_by_user ON feedback(uid, id);
      CREATE INDEX feedback_by_time ON feedback(created_at);
    `,
  },
  {
    version: 7,
    name: 'hold ledger: who held which number, from where and until when (anti-hoarding)',
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
    version: 8,
    name: 'accounts: e-mail and social logins, verification codes, login throttle, terminated numbers',
    sql: `
      -- An account is an e-mail (stored lower-cased: one account per address however it is typed).
      -- password_hash NULL: an account that logs in by e-mailed code or social login only.
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
        password_hash TEXT CHECK (password_hash IS NULL OR password_hash LIKE 'scrypt$%'),
        email_verified_at INTEGER,
        created_at INTEGER NOT NULL
      );
      -- A social login's (issuer, subject) is the stable identity; the e-mail may change at the provider.
      CREATE TABLE account_identities (
        issuer TEXT NOT NULL,
        subject TEXT NOT NULL,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (issuer, subject)
      ) WITHOUT ROWID;
      CREATE INDEX account_identities_by_account ON account_identities (account_id);
      -- Lines of former customers, by the e-mail of their account (SPEC 2 /login/terminated).
      CREATE TABLE terminated_numbers (
        email TEXT NOT NULL CHECK (email = lower(email)),
        msisdn TEXT NOT NULL CHECK (msisdn GLOB '971[0-9]*' AND length(msisdn) = 12),
        terminated_at INTEGER NOT NULL,
        PRIMARY KEY (email, msisdn)
      ) WITHOUT ROWID;
      -- One live code per e-mail (a new one replaces it); code_hash NULL once used. The send
      -- counters outlive the code: they are the resend wait and the hourly cap.
      CREATE TABLE verification_codes (
        email TEXT PRIMARY KEY CHECK (email = lower(email)),
        code_hash TEXT,
        salt TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL CHECK (attempts >= 0),
        sent_at INTEGER NOT NULL,
        window_started_at INTEGER NOT NULL,
        sends_in_window INTEGER NOT NULL CHECK (sends_in_window >= 0)
      ) WITHOUT ROWID;
      -- Failed password logins per 'email:<e-mail>' and per 'addr:<address>' (domain/login-throttle.ts).
      CREATE TABLE login_failures (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL CHECK (count > 0),
        first_at INTEGER NOT NULL,
        last_at INTEGER NOT NULL,
        locked_until INTEGER
      ) WITHOUT ROWID;
      CREATE INDEX login_failures_by_last ON login_failures (last_at);
      -- A session upgraded by a login carries its account and how it logged in; a device-id
      -- session has neither (its flags say "not logged in" even for a linked device user).
      ALTER TABLE sessions ADD COLUMN account_id TEXT REFERENCES accounts(id) ON DELETE CASCADE;
      ALTER TABLE sessions ADD COLUMN login_method TEXT CHECK (login_method IS NULL OR login_method IN ('password', 'code', 'google'));
      -- The social login's nonce, hashed, single use, bound to the session that asked for it.
      ALTER TABLE sessions ADD COLUMN social_nonce_hash TEXT;
      ALTER TABLE sessions ADD COLUMN social_nonce_expires_at INTEGER;
      CREATE INDEX sessions_by_account ON sessions (account_id) WHERE account_id IS NOT NULL;
      -- The device user's link to the account it logged in to (kept across its sessions).
      ALTER TABLE users ADD COLUMN account_id TEXT REFERENCES accounts(id) ON DELETE SET NULL;
      CREATE INDEX users_by_account ON users (account_id) WHERE account_id IS NOT NULL;
    `,
  },
  {
    version: 9,
    name: 'identity check: SIM type, the identity flags, pending checks and their images, decisions',
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
    version: 10,
    name: 'payment: payments (fils, one row per idempotency key, one open attempt per user) and the paid flag',
    sql: `
      -- Set with the capture, in its transaction; it only ever turns on.
      ALTER TABLE users ADD COLUMN plan_paid INTEGER NOT NULL DEFAULT 0 CHECK (plan_paid IN (0, 1));
      CREATE TRIGGER users_plan_paid_forward BEFORE UPDATE OF plan_paid ON users
        WHEN NEW.plan_paid < OLD.plan_paid
      BEGIN
        SELECT RAISE(ABORT, 'plan_paid only moves forward');
      END;
      -- One attempt to pay: amounts in fils (integers), never a card number or token: the
      -- provider's reference, the brand and the last four digits only. request_hash: what the
      -- attempt asked (the token's SHA-256, or the BNPL consent), so a key reused for another
      -- request is refused instead of answering the first one's outcome.
      CREATE TABLE payments (
        id TEXT PRIMARY KEY CHECK (id GLOB 'pay_*'),
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        idempotency_key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        method TEXT NOT NULL CHECK (method IN ('card', 'bnpl')),
        status TEXT NOT NULL CHECK (status IN ('pending', 'requires_action', 'captured', 'declined')),
        amount_fils INTEGER NOT NULL CHECK (amount_fils >= 0),
        vat_fils INTEGER NOT NULL CHECK (vat_fils >= 0 AND vat_fils <= amount_fils),
        vat_percentage REAL NOT NULL CHECK (vat_percentage >= 0),
        currency TEXT NOT NULL CHECK (currency = 'AED'),
        recurring INTEGER NOT NULL CHECK (recurring IN (0, 1)),
        product_code INTEGER NOT NULL,
        product_name TEXT NOT NULL,
        msisdn TEXT NOT NULL,
        email TEXT NOT NULL,
        provider_ref TEXT,
        action_url TEXT,
        card_brand TEXT CHECK (card_brand IS NULL OR card_brand IN ('visa', 'mastercard', 'amex')),
        card_last4 TEXT CHECK (card_last4 IS NULL OR card_last4 GLOB '[0-9][0-9][0-9][0-9]'),
        instalments_json TEXT,
        decline_code TEXT CHECK ((status = 'declined') = (decline_code IS NOT NULL)),
        receipt_reference TEXT UNIQUE CHECK ((status = 'captured') = (receipt_reference IS NOT NULL)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        captured_at INTEGER CHECK ((status = 'captured') = (captured_at IS NOT NULL)),
        UNIQUE (uid, idempotency_key)
      );
      -- At most one attempt under way per user (two tabs cannot both charge), and one capture.
      CREATE UNIQUE INDEX payments_one_open_per_user ON payments (uid) WHERE status IN ('pending', 'requires_action');
      CREATE UNIQUE INDEX payments_one_capture_per_user ON payments (uid) WHERE status = 'captured';
      -- A captured payment stays captured (a refund, later, is a row of its own).
      CREATE TRIGGER payments_captured_final BEFORE UPDATE ON payments
        WHEN OLD.status = 'captured' AND (NEW.status <> 'captured' OR NEW.amount_fils <> OLD.amount_fils)
      BEGIN
        SELECT RAISE(ABORT, 'a captured payment is final');
      END;
    `,
  },
  {
    version: 11,
    name: 'delivery: zones and stores (reference data), and one order per user with its status history',
    sql: `
      -- Where a courier comes and when: hours are local UAE time (JSON [{day, opens, closes}]).
      CREATE TABLE delivery_zones (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        emirate TEXT NOT NULL CHECK (emirate IN ('AZ', 'DU', 'SH', 'AJ', 'UQ', 'RK', 'FU')),
        polygon_json TEXT NOT NULL CHECK (json_valid(polygon_json)),
        hours_json TEXT NOT NULL CHECK (json_valid(hours_json)),
        eta_minutes INTEGER NOT NULL CHECK (eta_minutes > 0),
        position INTEGER NOT NULL
      );
      CREATE TABLE stores (
        id TEXT PRIMARY KEY,
        name_en TEXT NOT NULL,
        name_ar TEXT NOT NULL,
        address_en TEXT NOT NULL,
        address_ar TEXT NOT NULL,
        emirate TEXT NOT NULL CHECK (emirate IN ('AZ', 'DU', 'SH', 'AJ', 'UQ', 'RK', 'FU')),
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lng REAL NOT NULL CHECK (lng BETWEEN -180 AND 180),
        hours_json TEXT NOT NULL CHECK (json_valid(hours_json))
      );
      -- One order per user (UNIQUE uid: a double click or a second tab finds the first one).
      -- history_json: [{status, at}] oldest first. The delivery columns are set exactly for a
      -- delivery, store_id exactly for a pickup; the phone is stored in international form.
      CREATE TABLE orders (
        id TEXT PRIMARY KEY CHECK (id GLOB 'ord_*'),
        uid TEXT NOT NULL UNIQUE REFERENCES users(uid) ON DELETE CASCADE,
        order_number TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('delivery', 'pickup', 'esim')),
        status TEXT NOT NULL CHECK (status IN ('received', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected', 'issued', 'installed')),
        history_json TEXT NOT NULL CHECK (json_valid(history_json)),
        delivery_lat REAL,
        delivery_lng REAL,
        delivery_address TEXT,
        delivery_address_2 TEXT,
        delivery_instructions TEXT,
        delivery_phone TEXT CHECK (delivery_phone IS NULL OR delivery_phone GLOB '[0-9]*'),
        store_id TEXT REFERENCES stores(id),
        courier_job_id TEXT,
        eta INTEGER,
        esim_profile_id TEXT,
        smdp_address TEXT,
        matching_id TEXT,
        amount_due_fils INTEGER NOT NULL CHECK (amount_due_fils >= 0),
        msisdn TEXT NOT NULL,
        refreshed_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        CHECK ((kind = 'delivery') = (delivery_address IS NOT NULL AND delivery_lat IS NOT NULL AND delivery_lng IS NOT NULL AND delivery_phone IS NOT NULL)),
        CHECK ((kind = 'pickup') = (store_id IS NOT NULL)),
        CHECK (kind = 'esim' OR (esim_profile_id IS NULL AND smdp_address IS NULL AND matching_id IS NULL)),
        CHECK ((esim_profile_id IS NULL) = (smdp_address IS NULL) AND (smdp_address IS NULL) = (matching_id IS NULL)),
        CHECK (kind = 'esim' OR courier_job_id IS NOT NULL OR status = 'received')
      );
      -- Delivered, collected and installed are final: the flags that count as done follow them.
      CREATE TRIGGER orders_final_status BEFORE UPDATE OF status ON orders
        WHEN OLD.status IN ('delivered', 'collected', 'installed') AND NEW.status <> OLD.status
      BEGIN
        SELECT RAISE(ABORT, 'a delivered, collected or installed order is final');
      END;
    `,
  },
  {
    version: 12,
    name: 'going back to the residency check may clear the resident validation, before any payment or order',
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
    name: 'a sale bound to a verified person: identity per account, orders that carry their identity decision, retired devices',
    sql: `
      -- Issue 23. A verification belongs to the account that made it: the decision says which
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

      -- An order is made for an account with a verified identity, recorded on it as it was when
      -- the order was placed (kind, masked document number, the authority's person, the decision,
      -- when verified, the holder's name for the desk). Orders placed before this migration keep
      -- none; no order can be placed without one from now on, and none can change it.
      ALTER TABLE orders ADD COLUMN account_id TEXT REFERENCES accounts(id);
      ALTER TABLE orders ADD COLUMN identity_decision_id INTEGER REFERENCES identity_decisions(id) ON DELETE SET NULL;
      ALTER TABLE orders ADD COLUMN identity_document_kind TEXT CHECK (identity_document_kind IS NULL OR identity_document_kind IN ('emirates_id', 'passport'));
      ALTER TABLE orders ADD COLUMN identity_document_masked TEXT;
      ALTER TABLE orders ADD COLUMN identity_person_ref TEXT;
      ALTER TABLE orders ADD COLUMN identity_holder_name TEXT;
      ALTER TABLE orders ADD COLUMN identity_verified_at INTEGER;
      CREATE TRIGGER orders_need_identity BEFORE INSERT ON orders
        WHEN NEW.account_id IS NULL
          OR NEW.identity_document_kind IS NULL OR NEW.identity_document_masked IS NULL OR NEW.identity_verified_at IS NULL
          OR NOT EXISTS (
            SELECT 1 FROM identity_decisions d
            WHERE d.id = NEW.identity_decision_id AND d.uid = NEW.uid AND d.account_id = NEW.account_id
              AND d.outcome = 'verified' AND d.document_kind = NEW.identity_document_kind
              AND (d.sim_type = 'esim') = (NEW.kind = 'esim'))
      BEGIN
        SELECT RAISE(ABORT, 'an order needs a verified identity decision of its user and account, for its kind of SIM');
      END;
      CREATE TRIGGER orders_identity_fixed BEFORE UPDATE OF uid, account_id, identity_document_kind, identity_document_masked, identity_person_ref, identity_holder_name, identity_verified_at ON orders
        WHEN NEW.uid IS NOT OLD.uid OR NEW.account_id IS NOT OLD.account_id
          OR NEW.identity_document_kind IS NOT OLD.identity_document_kind OR NEW.identity_document_masked IS NOT OLD.identity_document_masked
          OR NEW.identity_person_ref IS NOT OLD.identity_person_ref OR NEW.identity_holder_name IS NOT OLD.identity_holder_name
          OR NEW.identity_verified_at IS NOT OLD.identity_verified_at
      BEGIN
        SELECT RAISE(ABORT, 'an order''s identity is fixed when it is placed');
      END;
    `,
  },
  {
    version: 14,
    name: 'an e-mail tells nothing before it is proven; password failures per e-mail at an address',
    sql: `
      -- Issue 23. Until now the e-mail check recorded a terminated e-mail in the flow context as
      -- soon as it was typed, which opened /login/terminated and its numbers to whoever typed it.
      -- Only a proven e-mail is recorded now (a validated code, a verified Google login): the
      -- unproven ones go. A visitor who was on that page types the e-mail again and proves it.
      UPDATE users SET terminated_email = NULL WHERE terminated_email IS NOT NULL;
      -- Failed passwords were counted per 'email:<e-mail>', a lock anyone could put on the owner
      -- everywhere; they are counted per 'email-at:<address>|<e-mail>' now. Nothing reads the old
      -- rows: they go now rather than with the sweep, freeing any owner locked at the switch.
      DELETE FROM login_failures WHERE key LIKE 'email:%';
    `,
  },
  {
    version: 15,
    name: 'retention: indexes for the sweep that deletes what is past its time (issue 23)',
    sql: `
      -- domain/retention.ts: sales by the order's or the capture's time, visitors by their first
      -- visit, payment attempts by their start; sessions by user for the cascade from users.
      CREATE INDEX orders_by_created ON orders (created_at);
      CREATE INDEX payments_captured_by_time ON payments (captured_at) WHERE status = 'captured';
      CREATE INDEX payments_by_created ON payments (created_at);
      CREATE INDEX users_by_created ON users (created_at);
      CREATE INDEX sessions_by_uid ON sessions (uid);
    `,
  },
  {
    version: 16,
    name: 'payment: what a payment buys is recorded when it starts (saved plan row, hold claim, choice, price), and money given back',
    sql: `
      -- Issue 23: a payment records what it buys when it starts. saved_plan_id and reservation_id
      -- are the saved plan row and the hold's claim it was priced from: capture requires both to be
      -- the user's still; order_json keeps the choice and its price (plan, booster and promotion
      -- ids, promo code, the PackagePrice). Rows of before this version have none of them.
      ALTER TABLE payments ADD COLUMN saved_plan_id INTEGER;
      ALTER TABLE payments ADD COLUMN reservation_id INTEGER;
      ALTER TABLE payments ADD COLUMN order_json TEXT CHECK (order_json IS NULL OR json_valid(order_json));
      -- Money given back for an attempt that did not become a purchase (the order changed, or the
      -- visitor cancelled): refunded, voided (nothing was taken), or pending (to retry). Only on a
      -- declined row: a captured payment is final and a refund of it would be a row of its own.
      ALTER TABLE payments ADD COLUMN refund_status TEXT
        CHECK (refund_status IS NULL OR (status = 'declined' AND refund_status IN ('pending', 'refunded', 'voided')));
      ALTER TABLE payments ADD COLUMN refund_ref TEXT;
      ALTER TABLE payments ADD COLUMN refunded_at INTEGER;
      -- Every new attempt names what it buys: no code path can start a payment without its order.
      CREATE TRIGGER payments_record_their_order BEFORE INSERT ON payments
        WHEN NEW.saved_plan_id IS NULL OR NEW.reservation_id IS NULL OR NEW.order_json IS NULL
      BEGIN
        SELECT RAISE(ABORT, 'a payment records the order it buys');
      END;
      -- What a payment recorded does not change afterwards (the receipt, orders and e-mails read it).
      CREATE TRIGGER payments_order_fixed BEFORE UPDATE OF saved_plan_id, reservation_id, order_json, amount_fils, product_code, msisdn ON payments
        WHEN NEW.saved_plan_id IS NOT OLD.saved_plan_id OR NEW.reservation_id IS NOT OLD.reservation_id
          OR NEW.order_json IS NOT OLD.order_json OR NEW.amount_fils <> OLD.amount_fils
          OR NEW.product_code <> OLD.product_code OR NEW.msisdn <> OLD.msisdn
      BEGIN
        SELECT RAISE(ABORT, 'what a payment buys is fixed when it starts');
      END;
      CREATE INDEX payments_refund_pending ON payments (updated_at) WHERE refund_status = 'pending';
    `,
  },
  {
    version: 17,
    name: 'face check: a live challenge per session (nonce hashed, prompt, expiry), and whose reference portrait the face matched',
    sql: `
      -- Issue 23: the selfie answers a challenge the server issued (a nonce and a prompt to
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
    name: 'SIMs sold per document: the verified document a payment sells to, counted at the capture and at a cash-on-delivery order',
    sql: `
      -- Issue 23: one passport verified under many accounts buys no more SIMs than the operator
      -- sells to one document (domain/sim-limit.ts). A payment names the document of its user's
      -- verified decision when it starts; the capture (and a cash-on-delivery order, through its
      -- identity decision) counts the sales to that document in its own transaction.
      ALTER TABLE payments ADD COLUMN document_kind TEXT CHECK (document_kind IS NULL OR document_kind IN ('emirates_id', 'passport'));
      ALTER TABLE payments ADD COLUMN document_number TEXT;
      -- Every new attempt is made to a document its user was verified with: no code path can start
      -- a payment for someone the authority did not verify, or for another person's document.
      CREATE TRIGGER payments_name_their_document BEFORE INSERT ON payments
        WHEN NEW.document_kind IS NULL OR NEW.document_number IS NULL
          OR NOT EXISTS (
            SELECT 1 FROM identity_decisions d
            WHERE d.uid = NEW.uid AND d.outcome = 'verified'
              AND d.document_kind = NEW.document_kind AND d.document_number = NEW.document_number)
      BEGIN
        SELECT RAISE(ABORT, 'a payment names the verified document it sells to');
      END;
      CREATE TRIGGER payments_document_fixed BEFORE UPDATE OF document_kind, document_number ON payments
        WHEN NEW.document_kind IS NOT OLD.document_kind OR NEW.document_number IS NOT OLD.document_number
      BEGIN
        SELECT RAISE(ABORT, 'the document a payment sells to is fixed when it starts');
      END;
      CREATE INDEX payments_sold_by_document ON payments (document_kind, document_number) WHERE status = 'captured';
      CREATE INDEX identity_decisions_by_document ON identity_decisions (document_kind, document_number) WHERE outcome = 'verified';
      CREATE INDEX orders_by_identity_decision ON orders (identity_decision_id);
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

export function schemaVersion(db: Database): number {
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
  return row.version ?? 0;
}

/** Applies the migrations this database lacks; each in its own transaction. Returns the versions applied. */
export function migrate(db: Database, now: number): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    // Read inside the loop and the transaction: another process may have migrated meanwhile.
    db.transaction(() => {
      if (schemaVersion(db) >= m.version) return;
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, now);
      applied.push(m.version);
    }).immediate();
  }
  return applied;
}
