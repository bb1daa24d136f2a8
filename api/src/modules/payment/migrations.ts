import type { MigrationPart } from '../../platform/db/migrations';

/**
 * This folder's part of the schema: payments and the paid flag. Version numbers are global (the whole
 * history is named in src/schema-versions.ts, and existing databases record them); the runner
 * (platform/db/migrations.ts) applies every folder's part of a version in one transaction. Append
 * new versions; never edit an applied one.
 */
export const PAYMENT_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 10,
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
    version: 15,
    sql: `
      -- The retention sweep's index (flow/retention.ts): captures by their time, attempts by their start.
      CREATE INDEX payments_captured_by_time ON payments (captured_at) WHERE status = 'captured';
      CREATE INDEX payments_by_created ON payments (created_at);
    `,
  },
  {
    version: 16,
    sql: `
      -- A payment records what it buys when it starts. saved_plan_id and reservation_id
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
    version: 18,
    sql: `
      -- One passport verified under many accounts buys no more SIMs than the operator
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
    `,
  },
  {
    version: 20,
    sql: `
      -- Pay at the counter (retail mode): a third method, taken on the shop's payment terminal,
      -- whose id the attempt records when it starts (the terminal's signed answer must name it).
      -- SQLite cannot change a column's CHECK, so payments is rebuilt with the same columns, rows,
      -- indexes and triggers (nothing refers to payments by a foreign key).
      CREATE TABLE payments_v20 (
        id TEXT PRIMARY KEY CHECK (id GLOB 'pay_*'),
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        idempotency_key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        method TEXT NOT NULL CHECK (method IN ('card', 'bnpl', 'counter')),
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
        saved_plan_id INTEGER,
        reservation_id INTEGER,
        order_json TEXT CHECK (order_json IS NULL OR json_valid(order_json)),
        refund_status TEXT
          CHECK (refund_status IS NULL OR (status = 'declined' AND refund_status IN ('pending', 'refunded', 'voided'))),
        refund_ref TEXT,
        refunded_at INTEGER,
        document_kind TEXT CHECK (document_kind IS NULL OR document_kind IN ('emirates_id', 'passport')),
        document_number TEXT,
        terminal_id TEXT CHECK ((method = 'counter') = (terminal_id IS NOT NULL)),
        UNIQUE (uid, idempotency_key)
      );
      INSERT INTO payments_v20 (id, uid, idempotency_key, request_hash, method, status, amount_fils, vat_fils, vat_percentage,
          currency, recurring, product_code, product_name, msisdn, email, provider_ref, action_url, card_brand, card_last4,
          instalments_json, decline_code, receipt_reference, created_at, updated_at, captured_at, saved_plan_id, reservation_id,
          order_json, refund_status, refund_ref, refunded_at, document_kind, document_number)
        SELECT id, uid, idempotency_key, request_hash, method, status, amount_fils, vat_fils, vat_percentage,
          currency, recurring, product_code, product_name, msisdn, email, provider_ref, action_url, card_brand, card_last4,
          instalments_json, decline_code, receipt_reference, created_at, updated_at, captured_at, saved_plan_id, reservation_id,
          order_json, refund_status, refund_ref, refunded_at, document_kind, document_number
        FROM payments;
      DROP TABLE payments;
      ALTER TABLE payments_v20 RENAME TO payments;
      CREATE UNIQUE INDEX payments_one_open_per_user ON payments (uid) WHERE status IN ('pending', 'requires_action');
      CREATE UNIQUE INDEX payments_one_capture_per_user ON payments (uid) WHERE status = 'captured';
      CREATE INDEX payments_refund_pending ON payments (updated_at) WHERE refund_status = 'pending';
      CREATE INDEX payments_captured_by_time ON payments (captured_at) WHERE status = 'captured';
      CREATE INDEX payments_by_created ON payments (created_at);
      CREATE INDEX payments_sold_by_document ON payments (document_kind, document_number) WHERE status = 'captured';
      CREATE TRIGGER payments_captured_final BEFORE UPDATE ON payments
        WHEN OLD.status = 'captured' AND (NEW.status <> 'captured' OR NEW.amount_fils <> OLD.amount_fils)
      BEGIN
        SELECT RAISE(ABORT, 'a captured payment is final');
      END;
      CREATE TRIGGER payments_record_their_order BEFORE INSERT ON payments
        WHEN NEW.saved_plan_id IS NULL OR NEW.reservation_id IS NULL OR NEW.order_json IS NULL
      BEGIN
        SELECT RAISE(ABORT, 'a payment records the order it buys');
      END;
      CREATE TRIGGER payments_order_fixed BEFORE UPDATE OF saved_plan_id, reservation_id, order_json, amount_fils, product_code, msisdn ON payments
        WHEN NEW.saved_plan_id IS NOT OLD.saved_plan_id OR NEW.reservation_id IS NOT OLD.reservation_id
          OR NEW.order_json IS NOT OLD.order_json OR NEW.amount_fils <> OLD.amount_fils
          OR NEW.product_code <> OLD.product_code OR NEW.msisdn <> OLD.msisdn
      BEGIN
        SELECT RAISE(ABORT, 'what a payment buys is fixed when it starts');
      END;
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
      -- The terminal a counter payment was sent to is fixed with it.
      CREATE TRIGGER payments_terminal_fixed BEFORE UPDATE OF terminal_id, method ON payments
        WHEN NEW.terminal_id IS NOT OLD.terminal_id OR NEW.method <> OLD.method
      BEGIN
        SELECT RAISE(ABORT, 'the method and terminal of a payment are fixed when it starts');
      END;
    `,
  },
];
