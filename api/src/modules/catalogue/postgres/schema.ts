import type { MigrationPart } from '../../../platform/db/migrations';
import { pgVersionTriggers } from '../../../platform/reference-versions/postgres/schema';

/** The catalogue's reference tables: their changes move the catalogue's version (as in SQLite). */
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
 * This folder's part of the PostgreSQL schema (baseline version 27: SQLite's 1..27 in one step):
 * products, plans, prices, promotions, boosters, names, saved plans and preferences, offers and
 * referrals. Ids given by the seed (product codes, plan, promotion and booster ids) are plain
 * keys; saved_plans.id (AUTOINCREMENT in SQLite) is an identity.
 *
 * referral_codes and referral_credits name accounts, which the account folder creates after this
 * part (src/schema-versions.ts): their account columns get their foreign keys in the account's
 * part, as account adds users.account_id. users.current_product_code's foreign key is added here,
 * the users table being older than products.
 */
export const CATALOGUE_PG_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 27,
    sql: `
      CREATE TABLE products (
        code BIGINT PRIMARY KEY,
        name TEXT NOT NULL,
        category TEXT NOT NULL CHECK (category IN ('PAYG', 'Commitment', 'VIP')),
        commitment_duration BIGINT NOT NULL CHECK (commitment_duration > 0),
        is_tourist INTEGER NOT NULL DEFAULT 0 CHECK (is_tourist IN (0, 1)),
        allowed_features TEXT NOT NULL DEFAULT '[]',
        -- The vanity level a VIP product is sold with (NULL: not tied to a tier).
        vanity_level BIGINT,
        -- How a product is priced besides a fixed bundle price: built from options
        -- (is_customizable), or a month-by-month list price less its term's saving.
        is_customizable INTEGER NOT NULL DEFAULT 0 CHECK (is_customizable IN (0, 1)),
        list_net_price DOUBLE PRECISION CHECK (list_net_price IS NULL OR list_net_price >= 0)
      );
      ALTER TABLE users ADD CONSTRAINT users_current_product_code_fkey
        FOREIGN KEY (current_product_code) REFERENCES products(code);

      CREATE TABLE sub_plans (
        id BIGINT PRIMARY KEY,
        product_code BIGINT NOT NULL REFERENCES products(code),
        type TEXT NOT NULL CHECK (type IN ('DATA', 'VOICE-LCL', 'VOICE-INT')),
        name TEXT NOT NULL,
        value BIGINT NOT NULL CHECK (value >= -1),
        validity_days BIGINT NOT NULL CHECK (validity_days > 0),
        daily_allowance BIGINT,
        -- The price of an option of a customizable product (NULL in a fixed bundle).
        net_price DOUBLE PRECISION CHECK (net_price IS NULL OR net_price >= 0)
      );
      CREATE INDEX sub_plans_by_product ON sub_plans (product_code);
      CREATE TABLE package_prices (
        product_code BIGINT PRIMARY KEY REFERENCES products(code),
        plan_net_price DOUBLE PRECISION NOT NULL CHECK (plan_net_price >= 0),
        vat_percentage DOUBLE PRECISION NOT NULL CHECK (vat_percentage >= 0)
      );
      CREATE TABLE commitment_terms (
        months BIGINT PRIMARY KEY CHECK (months > 0),
        saving_percentage DOUBLE PRECISION NOT NULL CHECK (saving_percentage >= 0 AND saving_percentage < 100)
      );

      CREATE TABLE promotions (
        id BIGINT PRIMARY KEY,
        key TEXT NOT NULL UNIQUE CHECK (length(key) BETWEEN 1 AND 40 AND key ~ '^[a-z0-9_-]*$'),
        category TEXT NOT NULL
          CHECK (category IN ('AmountDiscount', 'PercentageDiscount', 'AddOn', 'CashBack', 'RecurringData', 'MGM')),
        type TEXT NOT NULL,
        value DOUBLE PRECISION NOT NULL CHECK (value >= 0),
        plan TEXT CHECK (plan IS NULL OR plan IN ('DATA', 'VOICE-LCL', 'VOICE-INT')),
        is_user_promo INTEGER NOT NULL DEFAULT 0 CHECK (is_user_promo IN (0, 1)),
        duration_months BIGINT CHECK (duration_months IS NULL OR duration_months > 0),
        max_value DOUBLE PRECISION CHECK (max_value IS NULL OR max_value >= 0),
        requires_consent INTEGER NOT NULL DEFAULT 0 CHECK (requires_consent IN (0, 1)),
        valid_until BIGINT,
        min_plan_net_price DOUBLE PRECISION CHECK (min_plan_net_price IS NULL OR min_plan_net_price >= 0),
        tourist_only INTEGER NOT NULL DEFAULT 0 CHECK (tourist_only IN (0, 1)),
        CHECK (category <> 'PercentageDiscount' OR value <= 100)
      );
      -- Automatic promotions, product by product.
      CREATE TABLE product_promotions (
        product_code BIGINT NOT NULL REFERENCES products(code) ON DELETE CASCADE,
        promotion_id BIGINT NOT NULL REFERENCES promotions(id) ON DELETE CASCADE,
        PRIMARY KEY (product_code, promotion_id)
      );
      CREATE TABLE promo_codes (
        code TEXT PRIMARY KEY CHECK (length(code) BETWEEN 1 AND 40 AND code ~ '^[A-Z0-9]*$'),
        promotion_id BIGINT NOT NULL REFERENCES promotions(id) ON DELETE CASCADE
      );
      CREATE TABLE boosters (
        id BIGINT PRIMARY KEY,
        name TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('DATA', 'VOICE-LCL', 'VOICE-INT')),
        value BIGINT NOT NULL CHECK (value > 0),
        validity_days BIGINT NOT NULL CHECK (validity_days > 0),
        net_price DOUBLE PRECISION NOT NULL CHECK (net_price >= 0),
        tags TEXT NOT NULL DEFAULT '[]'
      );
      -- The name columns of products, sub_plans, boosters and mnp_operators stay the English
      -- names; this table holds a name per other language. A name it lacks is answered in
      -- English. id is the row's key as text (a product code, a plan or booster id, an operator code).
      CREATE TABLE localized_names (
        kind TEXT NOT NULL CHECK (kind IN ('product', 'sub_plan', 'booster', 'operator')),
        id TEXT NOT NULL,
        language TEXT NOT NULL CHECK (language <> 'en'),
        name TEXT NOT NULL CHECK (length(name) > 0),
        PRIMARY KEY (language, kind, id)
      );

      -- The visitors' own: a saved plan (a snapshot of the choice and its price) and preferences.
      CREATE TABLE saved_plans (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE REFERENCES users(uid) ON DELETE CASCADE,
        product_code BIGINT NOT NULL REFERENCES products(code),
        plan_ids TEXT NOT NULL,
        plan_net_price DOUBLE PRECISION NOT NULL,
        extra_charges TEXT NOT NULL,
        net_price DOUBLE PRECISION NOT NULL,
        vat_percentage DOUBLE PRECISION NOT NULL,
        vat_amount DOUBLE PRECISION NOT NULL,
        created_at BIGINT NOT NULL,
        booster_ids TEXT NOT NULL DEFAULT '[]',
        promotion_keys TEXT NOT NULL DEFAULT '[]',
        promo_code TEXT,
        discounts TEXT NOT NULL DEFAULT '[]',
        applied_promotions TEXT NOT NULL DEFAULT '[]'
      );
      CREATE TABLE preferences (
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        preference_id BIGINT NOT NULL,
        value INTEGER NOT NULL CHECK (value IN (0, 1)),
        PRIMARY KEY (uid, preference_id)
      );

      -- GET /cms/offers: the marketing offers the operator configures (SPEC 1), each advertising
      -- one promotion, with its title and text per language. Reference data: the seed writes it over.
      CREATE TABLE offers (
        key TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 40),
        kind TEXT NOT NULL CHECK (kind IN ('streaming', 'referral')),
        promotion_key TEXT NOT NULL REFERENCES promotions(key) ON DELETE CASCADE,
        position BIGINT NOT NULL DEFAULT 0,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
      );
      CREATE TABLE offer_texts (
        offer_key TEXT NOT NULL REFERENCES offers(key) ON DELETE CASCADE,
        language TEXT NOT NULL CHECK (language IN ('en', 'ar')),
        title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
        text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 400),
        PRIMARY KEY (offer_key, language)
      );
      -- A paying account's referral code (random, made by the server on first ask): what a
      -- friend types; it names nobody. Gone with the account (its foreign key: the account's part).
      CREATE TABLE referral_codes (
        account_id TEXT PRIMARY KEY,
        code TEXT NOT NULL UNIQUE CHECK (length(code) BETWEEN 4 AND 40 AND code ~ '^[A-Z0-9]*$'),
        created_at BIGINT NOT NULL
      );
      -- A referrer credited for a friend's paid order, once per order (payment_id, no foreign key:
      -- a credit outlives the friend's visit) and once per friend account; amount_fils is capped
      -- at the programme's MaxValue per referrer (0 past it). The account columns' foreign keys
      -- (referrer: ON DELETE CASCADE, friend: ON DELETE SET NULL) are added by the account's part.
      CREATE TABLE referral_credits (
        payment_id TEXT PRIMARY KEY CHECK (payment_id ~ '^pay_'),
        referrer_account_id TEXT NOT NULL,
        friend_account_id TEXT UNIQUE,
        amount_fils BIGINT NOT NULL CHECK (amount_fils >= 0),
        created_at BIGINT NOT NULL,
        CHECK (friend_account_id IS NULL OR friend_account_id <> referrer_account_id)
      );
      CREATE INDEX referral_credits_by_referrer ON referral_credits (referrer_account_id);

      ${CATALOGUE_REFERENCE_TABLES.map((table) => pgVersionTriggers(table, 'catalogue')).join('\n      ')}
    `,
  },
];
