import type { MigrationPart } from '../../platform/db/migrations';
import { versionTriggers } from '../../platform/reference-versions/migrations';

/**
 * The catalogue's reference tables (what GET /products/available and the plan pages are built
 * from): their changes move the catalogue's version. Saved plans and preferences are the
 * visitors' own, not reference data.
 */
const CATALOGUE_REFERENCE_TABLES = [
  'products',
  'sub_plans',
  'package_prices',
  'commitment_terms',
  'promotions',
  'product_promotions',
  'promo_codes',
  'boosters',
  'localized_names',
] as const;

/**
 * This folder's part of the schema: products, plans, prices, promotions, boosters, names, saved plans and preferences. Version numbers are global (the whole
 * history is named in src/schema-versions.ts, and existing databases record them); the runner
 * (platform/db/migrations.ts) applies every folder's part of a version in one transaction. Append
 * new versions; never edit an applied one.
 */
export const CATALOGUE_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 1,
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
    `,
  },
  {
    version: 2,
    sql: `
      -- The vanity level a VIP product is sold with (NULL: not tied to a tier).
      ALTER TABLE products ADD COLUMN vanity_level INTEGER;
    `,
  },
  {
    version: 3,
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
    version: 5,
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
    version: 22,
    sql: CATALOGUE_REFERENCE_TABLES.map((table) => versionTriggers(table, 'catalogue')).join('\n'),
  },
  {
    version: 24,
    sql: `
      -- GET /cms/offers: the marketing offers the operator configures (SPEC 1), each advertising
      -- one promotion (whose figures the answer reads, so text and rule cannot disagree), with
      -- its title and text per language. Reference data: the seed writes it over.
      CREATE TABLE offers (
        key TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 40),
        kind TEXT NOT NULL CHECK (kind IN ('streaming', 'referral')),
        promotion_key TEXT NOT NULL REFERENCES promotions(key) ON DELETE CASCADE,
        position INTEGER NOT NULL DEFAULT 0,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
      );
      CREATE TABLE offer_texts (
        offer_key TEXT NOT NULL REFERENCES offers(key) ON DELETE CASCADE,
        language TEXT NOT NULL CHECK (language IN ('en', 'ar')),
        title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
        text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 400),
        PRIMARY KEY (offer_key, language)
      ) WITHOUT ROWID;
      -- A paying account's referral code (random, made by the server on first ask): what a
      -- friend types; it names nobody. Gone with the account.
      CREATE TABLE referral_codes (
        account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        code TEXT NOT NULL UNIQUE CHECK (length(code) BETWEEN 4 AND 40 AND code NOT GLOB '*[^A-Z0-9]*'),
        created_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 27,
    sql: `
      -- A referrer credited for a friend's paid order (the friend's saved plan carried the
      -- referrer's code): written by the payment's capture in its own transaction, once per order
      -- (payment_id, the friend's captured payment) and once per friend account. amount_fils is the
      -- programme's reward cut down so that one referrer earns at most its MaxValue (0 past it).
      -- payment_id is no foreign key: a credit outlives the friend's visit (the cap stays true);
      -- the friend's account is forgotten with the account, the referrer's credits go with theirs.
      CREATE TABLE referral_credits (
        payment_id TEXT PRIMARY KEY CHECK (payment_id GLOB 'pay_*'),
        referrer_account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        friend_account_id TEXT UNIQUE REFERENCES accounts(id) ON DELETE SET NULL,
        amount_fils INTEGER NOT NULL CHECK (amount_fils >= 0),
        created_at INTEGER NOT NULL,
        CHECK (friend_account_id IS NULL OR friend_account_id <> referrer_account_id)
      );
      CREATE INDEX referral_credits_by_referrer ON referral_credits (referrer_account_id);
    `,
  },
];
