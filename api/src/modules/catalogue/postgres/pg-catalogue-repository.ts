import type { Booster } from '@join/shared/contract';
import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { PaymentOpenError } from '../../../platform/order-lock';
import { DEFAULT_COMMITMENT_MONTHS, type CatalogueProduct } from '../catalogue';
import {
  localizedProduct,
  toOffer,
  toPreference,
  toSavedPlanInsert,
  toSavedPlanPromoUpdate,
  toSavedPlanRecord,
  type NameOf,
  type OfferRow,
  type PreferenceRow,
  type SavedPlanRow,
} from '../catalogue-rows';
import type { PromotionRule } from '../promotions';
import type { CatalogueRepository, NameLanguage, NewSavedPlan, OfferRecord, PreferenceRecord, ProductFilter, SavedPlanPromo, SavedPlanRecord } from '../repository';
import { CHOICE_SQL, PROMOTION_SQL, SAVED_PLAN_SQL } from './catalogue-statements';
import { PgCatalogueReader } from './pg-catalogue-reader';
import { PgLocalizedNames } from './pg-localized-names';

/**
 * What the catalogue repository needs of the payment module inside its own transactions (the
 * PostgreSQL form of CatalogueSteps, sqlite-catalogue-repository.ts), given by the composition
 * root: a saved plan or a product cannot change under an open payment.
 */
export interface PgCatalogueSteps {
  paymentOpen(uid: string): Promise<boolean>;
}

/**
 * The PostgreSQL implementation of CatalogueRepository: the SQLite one's steps, each safe on
 * several connections at once. A visitor's step that reads and then writes (is a payment open?
 * then change the plan) holds the user's lock (PgDatabase.lockUser), which the payment's start
 * takes too: what SQLite's one writer gave them.
 */
export class PgCatalogueRepository implements CatalogueRepository {
  private readonly catalogue: PgCatalogueReader;
  private readonly names: PgLocalizedNames;

  constructor(
    private readonly db: PgDatabase,
    private readonly steps: PgCatalogueSteps,
  ) {
    this.catalogue = new PgCatalogueReader(db);
    this.names = new PgLocalizedNames(db);
  }

  /**
   * A step for the numbers repository's cancel, inside its transaction (the composition root wires
   * it): a multi-month product goes back to `defaultProductCode`; 1-month products stay (SPEC 4).
   * One conditional UPDATE: nothing is read first.
   */
  async resetLongProduct(uid: string, defaultProductCode: number): Promise<void> {
    await this.db.run(CHOICE_SQL.resetLongProduct, [uid, defaultProductCode, DEFAULT_COMMITMENT_MONTHS]);
  }

  async listCatalogue(filter: ProductFilter, language: NameLanguage = 'en'): Promise<CatalogueProduct[]> {
    const nameOf = await this.names.in(language);
    return (await this.catalogue.list(filter)).map((p) => localizedProduct(p, nameOf));
  }

  async getCatalogueProduct(code: number, language: NameLanguage = 'en'): Promise<CatalogueProduct | null> {
    const product = await this.catalogue.get(code);
    return product && localizedProduct(product, await this.names.in(language));
  }

  async listOptInPromotions(): Promise<PromotionRule[]> {
    return this.catalogue.optInPromotions();
  }

  async findPromoCode(code: string): Promise<PromotionRule | null> {
    return this.catalogue.promotionOfCode(code);
  }

  async findPromotion(key: string): Promise<PromotionRule | null> {
    return this.catalogue.promotionOfKey(key);
  }

  async listOffers(language: NameLanguage): Promise<OfferRecord[]> {
    return (await this.db.many<OfferRow>(PROMOTION_SQL.offers, [language])).map(toOffer);
  }

  async listBoosters(language: NameLanguage = 'en'): Promise<Booster[]> {
    const nameOf = await this.names.in(language);
    return (await this.catalogue.allBoosters()).map((b) => ({ ...b, Name: nameOf('booster', b.ID, b.Name) }));
  }

  async getCurrentProductCode(uid: string): Promise<number | null> {
    return (await this.db.maybe<{ current_product_code: number | null }>(CHOICE_SQL.currentProduct, [uid]))?.current_product_code ?? null;
  }

  async setCurrentProduct(uid: string, code: number, markSaved: boolean): Promise<void> {
    // The user's lock: no payment of this user starts between the check and the write.
    await this.db.transaction(async () => {
      await this.db.lockUser(uid);
      if ((await this.steps.paymentOpen(uid)) && (await this.getCurrentProductCode(uid)) !== code) throw new PaymentOpenError();
      await this.db.run(CHOICE_SQL.setCurrentProduct, [uid, code, markSaved ? 1 : 0]);
    });
  }

  async getSavedPlan(uid: string): Promise<SavedPlanRecord | null> {
    const row = await this.db.maybe<SavedPlanRow>(SAVED_PLAN_SQL.byUser, [uid]);
    return row ? toSavedPlanRecord(row) : null;
  }

  async replaceSavedPlan(uid: string, plan: NewSavedPlan, now: number): Promise<SavedPlanRecord> {
    // The user's lock: no payment of this user starts between the check and the write, and two
    // saves of one user replace the plan one after the other (saved_plans.uid is unique).
    return this.db.transaction(async () => {
      await this.db.lockUser(uid);
      if (await this.steps.paymentOpen(uid)) throw new PaymentOpenError();
      await this.db.run(SAVED_PLAN_SQL.deleteOf, [uid]);
      const s = toSavedPlanInsert(uid, plan, now);
      const row = await this.db.one<SavedPlanRow>(SAVED_PLAN_SQL.insert, [
        s.uid,
        s.product,
        s.planIds,
        s.planNet,
        s.extras,
        s.net,
        s.vat,
        s.vatAmount,
        s.boosterIds,
        s.promotionKeys,
        s.promoCode,
        s.discounts,
        s.promotions,
        s.now,
      ]);
      await this.db.run(CHOICE_SQL.setCurrentProduct, [uid, plan.productCode, 0]);
      return toSavedPlanRecord(row);
    });
  }

  async setSavedPlanPromo(uid: string, id: number, promo: SavedPlanPromo): Promise<SavedPlanRecord | null> {
    // The user's lock, as replaceSavedPlan; the UPDATE names the plan the caller priced (uid and
    // id), so a plan saved again meanwhile is left alone (no row: null).
    return this.db.transaction(async () => {
      await this.db.lockUser(uid);
      if (await this.steps.paymentOpen(uid)) throw new PaymentOpenError();
      const u = toSavedPlanPromoUpdate(uid, id, promo);
      const row = await this.db.maybe<SavedPlanRow>(SAVED_PLAN_SQL.setPromo, [
        u.uid,
        u.id,
        u.promoCode,
        u.planNet,
        u.extras,
        u.net,
        u.vat,
        u.vatAmount,
        u.discounts,
        u.promotions,
      ]);
      return row ? toSavedPlanRecord(row) : null;
    });
  }

  async referralCodeOf(accountId: string): Promise<string | null> {
    return (await this.db.maybe<{ code: string }>(PROMOTION_SQL.referralOf, [accountId]))?.code ?? null;
  }

  async addReferralCode(accountId: string, code: string, now: number): Promise<string> {
    // The primary key on account_id: of two first asks of one account, the second waits for the
    // first's row and keeps it (ON CONFLICT DO NOTHING); the unique code refuses a code another
    // account has (a unique violation, 23505, which the caller draws again on).
    return this.db.transaction(async () => {
      await this.db.run(PROMOTION_SQL.addReferral, [accountId, code, now]);
      const kept = await this.referralCodeOf(accountId);
      if (!kept) throw new Error('referral code missing right after insert');
      return kept;
    });
  }

  async referralCodeOwner(code: string): Promise<string | null> {
    return (await this.db.maybe<{ account_id: string }>(PROMOTION_SQL.referralOwner, [code]))?.account_id ?? null;
  }

  async accountOfUser(uid: string): Promise<string | null> {
    return (await this.db.maybe<{ account_id: string | null }>(PROMOTION_SQL.accountOfUser, [uid]))?.account_id ?? null;
  }

  async referralUsedBy(friendAccountId: string): Promise<boolean> {
    return (await this.db.maybe(PROMOTION_SQL.referralUsedBy, [friendAccountId])) !== undefined;
  }

  async referralEarnedFils(referrerAccountId: string): Promise<number> {
    return (await this.db.maybe<{ fils: number }>(PROMOTION_SQL.referralEarned, [referrerAccountId]))?.fils ?? 0;
  }

  async getPreferences(uid: string): Promise<PreferenceRecord[]> {
    return (await this.db.many<PreferenceRow>(CHOICE_SQL.preferencesOf, [uid])).map(toPreference);
  }

  async setPreference(uid: string, preferenceId: number, value: boolean): Promise<void> {
    // One UPSERT: the primary key (uid, preference_id) keeps one value.
    await this.db.run(CHOICE_SQL.setPreference, [uid, preferenceId, value ? 1 : 0]);
  }

  /** The names of one kind in a language (English where none): the numbers module's operators read them. */
  async namesIn(language: NameLanguage): Promise<NameOf> {
    return this.names.in(language);
  }
}
