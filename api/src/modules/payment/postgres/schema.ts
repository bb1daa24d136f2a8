import type { MigrationPart } from '../../../platform/db/migrations';

/**
 * This folder's part of the PostgreSQL schema (baseline version 27: SQLite's 1..27 in one step):
 * payments and the paid flag on users.
 *
 * The SQLite triggers become PostgreSQL row triggers with the same names and messages
 * (SQLSTATE check_violation): those whose condition fits a WHEN clause call raise_refusal
 * (the reference versions' part); payments_name_their_document, which reads identity_decisions,
 * has a function of its own. `IS NOT` is IS DISTINCT FROM. Triggers of one event run in name
 * order here (SQLite: newest first), which only decides which message an update that breaks
 * several rules at once gets.
 */
export const PAYMENT_PG_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 27,
    sql: `
      -- Set with the capture, in its transaction; it only ever turns on.
      ALTER TABLE users ADD COLUMN plan_paid INTEGER NOT NULL DEFAULT 0 CHECK (plan_paid IN (0, 1));
      CREATE TRIGGER users_plan_paid_forward BEFORE UPDATE OF plan_paid ON users
        FOR EACH ROW WHEN (NEW.plan_paid < OLD.plan_paid)
        EXECUTE FUNCTION raise_refusal('plan_paid only moves forward');

      -- One attempt to pay: amounts in fils (integers), never a card number or token: the
      -- provider's reference, the brand and the last four digits only. request_hash: what the
      -- attempt asked (the token's SHA-256, or the BNPL consent), so a key reused for another
      -- request is refused instead of answering the first one's outcome.
      -- What it buys is recorded when it starts: saved_plan_id and reservation_id (the saved plan
      -- row and the hold's claim it was priced from), order_json (the choice and its price).
      -- refund_*: money given back for a declined attempt (refunded, voided, or pending a retry).
      -- document_*: the verified document it sells to (the SIM limit counts sales per document).
      -- terminal_id: the shop terminal of a counter payment (its signed answer must name it).
      CREATE TABLE payments (
        id TEXT PRIMARY KEY CHECK (id ~ '^pay_'),
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        idempotency_key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        method TEXT NOT NULL CHECK (method IN ('card', 'bnpl', 'counter')),
        status TEXT NOT NULL CHECK (status IN ('pending', 'requires_action', 'captured', 'declined')),
        amount_fils BIGINT NOT NULL CHECK (amount_fils >= 0),
        vat_fils BIGINT NOT NULL CHECK (vat_fils >= 0 AND vat_fils <= amount_fils),
        vat_percentage DOUBLE PRECISION NOT NULL CHECK (vat_percentage >= 0),
        currency TEXT NOT NULL CHECK (currency = 'AED'),
        recurring INTEGER NOT NULL CHECK (recurring IN (0, 1)),
        product_code BIGINT NOT NULL,
        product_name TEXT NOT NULL,
        msisdn TEXT NOT NULL,
        email TEXT NOT NULL,
        provider_ref TEXT,
        action_url TEXT,
        card_brand TEXT CHECK (card_brand IS NULL OR card_brand IN ('visa', 'mastercard', 'amex')),
        card_last4 TEXT CHECK (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'),
        instalments_json TEXT,
        decline_code TEXT CHECK ((status = 'declined') = (decline_code IS NOT NULL)),
        receipt_reference TEXT UNIQUE CHECK ((status = 'captured') = (receipt_reference IS NOT NULL)),
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        captured_at BIGINT CHECK ((status = 'captured') = (captured_at IS NOT NULL)),
        saved_plan_id BIGINT,
        reservation_id BIGINT,
        order_json TEXT CHECK (order_json IS NULL OR json_valid(order_json)),
        refund_status TEXT
          CHECK (refund_status IS NULL OR (status = 'declined' AND refund_status IN ('pending', 'refunded', 'voided'))),
        refund_ref TEXT,
        refunded_at BIGINT,
        document_kind TEXT CHECK (document_kind IS NULL OR document_kind IN ('emirates_id', 'passport')),
        document_number TEXT,
        terminal_id TEXT CHECK ((method = 'counter') = (terminal_id IS NOT NULL)),
        UNIQUE (uid, idempotency_key)
      );
      -- At most one attempt under way per user (two tabs cannot both charge), and one capture.
      CREATE UNIQUE INDEX payments_one_open_per_user ON payments (uid) WHERE status IN ('pending', 'requires_action');
      CREATE UNIQUE INDEX payments_one_capture_per_user ON payments (uid) WHERE status = 'captured';
      CREATE INDEX payments_refund_pending ON payments (updated_at) WHERE refund_status = 'pending';
      -- The retention sweep's index (flow/retention.ts): captures by their time, attempts by their start.
      CREATE INDEX payments_captured_by_time ON payments (captured_at) WHERE status = 'captured';
      CREATE INDEX payments_by_created ON payments (created_at);
      CREATE INDEX payments_sold_by_document ON payments (document_kind, document_number) WHERE status = 'captured';

      -- A captured payment stays captured (a refund, later, is a row of its own).
      CREATE TRIGGER payments_captured_final BEFORE UPDATE ON payments
        FOR EACH ROW WHEN (OLD.status = 'captured' AND (NEW.status <> 'captured' OR NEW.amount_fils <> OLD.amount_fils))
        EXECUTE FUNCTION raise_refusal('a captured payment is final');
      -- Every new attempt names what it buys: no code path can start a payment without its order.
      CREATE TRIGGER payments_record_their_order BEFORE INSERT ON payments
        FOR EACH ROW WHEN (NEW.saved_plan_id IS NULL OR NEW.reservation_id IS NULL OR NEW.order_json IS NULL)
        EXECUTE FUNCTION raise_refusal('a payment records the order it buys');
      -- What a payment recorded does not change afterwards (the receipt, orders and e-mails read it).
      CREATE TRIGGER payments_order_fixed BEFORE UPDATE OF saved_plan_id, reservation_id, order_json, amount_fils, product_code, msisdn ON payments
        FOR EACH ROW WHEN (NEW.saved_plan_id IS DISTINCT FROM OLD.saved_plan_id OR NEW.reservation_id IS DISTINCT FROM OLD.reservation_id
          OR NEW.order_json IS DISTINCT FROM OLD.order_json OR NEW.amount_fils <> OLD.amount_fils
          OR NEW.product_code <> OLD.product_code OR NEW.msisdn <> OLD.msisdn)
        EXECUTE FUNCTION raise_refusal('what a payment buys is fixed when it starts');
      -- Every new attempt is made to a document its user was verified with: no code path can start
      -- a payment for someone the authority did not verify, or for another person's document.
      CREATE FUNCTION payments_name_their_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.document_kind IS NULL OR NEW.document_number IS NULL
          OR NOT EXISTS (
            SELECT 1 FROM identity_decisions d
            WHERE d.uid = NEW.uid AND d.outcome = 'verified'
              AND d.document_kind = NEW.document_kind AND d.document_number = NEW.document_number)
        THEN
          RAISE EXCEPTION 'a payment names the verified document it sells to' USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER payments_name_their_document BEFORE INSERT ON payments
        FOR EACH ROW EXECUTE FUNCTION payments_name_their_document();
      CREATE TRIGGER payments_document_fixed BEFORE UPDATE OF document_kind, document_number ON payments
        FOR EACH ROW WHEN (NEW.document_kind IS DISTINCT FROM OLD.document_kind OR NEW.document_number IS DISTINCT FROM OLD.document_number)
        EXECUTE FUNCTION raise_refusal('the document a payment sells to is fixed when it starts');
      -- The terminal a counter payment was sent to is fixed with it.
      CREATE TRIGGER payments_terminal_fixed BEFORE UPDATE OF terminal_id, method ON payments
        FOR EACH ROW WHEN (NEW.terminal_id IS DISTINCT FROM OLD.terminal_id OR NEW.method <> OLD.method)
        EXECUTE FUNCTION raise_refusal('the method and terminal of a payment are fixed when it starts');
    `,
  },
];
