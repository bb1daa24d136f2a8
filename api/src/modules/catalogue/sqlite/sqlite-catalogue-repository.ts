import type { Database } from 'better-sqlite3';
import type { Booster } from '@join/shared/contract';
import { immediate } from '../../../platform/db/transaction';
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
} from '../catalogue-rows';
import type { PromotionRule } from '../promotions';
import type { CatalogueRepository, NameLanguage, NewSavedPlan, OfferRecord, PreferenceRecord, ProductFilter, SavedPlanPromo, SavedPlanRecord } from '../repository';
import { promotionStatements } from './promotion-statements';
import { CatalogueReader } from './catalogue-reader';
import { choiceStatements } from './choice-statements';
import { LocalizedNames } from './localized-names';
import { savedPlanStatements } from './saved-plan-statements';

/**
 * What the catalogue repository needs of the payment module inside its own transactions, given
 * by the composition root: a saved plan or a product cannot change under an open payment.
 */
export interface CatalogueSteps {
  paymentOpen(uid: string): boolean;
}

/** The embedded SQLite implementation of CatalogueRepository. */
export class SqliteCatalogueRepository implements CatalogueRepository {
  private readonly catalogue: CatalogueReader;
  private readonly names: LocalizedNames;
  private readonly plans: ReturnType<typeof savedPlanStatements>;
  private readonly choices: ReturnType<typeof choiceStatements>;
  private readonly promotions: ReturnType<typeof promotionStatements>;

  constructor(
    private readonly db: Database,
    private readonly steps: CatalogueSteps,
  ) {
    this.catalogue = new CatalogueReader(db);
    this.names = new LocalizedNames(db);
    this.plans = savedPlanStatements(db);
    this.choices = choiceStatements(db);
    this.promotions = promotionStatements(db);
  }

  /**
   * A step for the numbers repository's cancel, inside its transaction (the composition root wires
   * it): a multi-month product goes back to `defaultProductCode`; 1-month products stay (SPEC 4).
   */
  resetLongProduct(uid: string, defaultProductCode: number): void {
    this.choices.resetLongProduct.run({ uid, code: defaultProductCode, months: DEFAULT_COMMITMENT_MONTHS });
  }

  async listCatalogue(filter: ProductFilter, language: NameLanguage = 'en'): Promise<CatalogueProduct[]> {
    const nameOf = this.names.in(language);
    return this.catalogue.list(filter).map((p) => localizedProduct(p, nameOf));
  }

  async getCatalogueProduct(code: number, language: NameLanguage = 'en'): Promise<CatalogueProduct | null> {
    const product = this.catalogue.get(code);
    return product && localizedProduct(product, this.names.in(language));
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
    return this.promotions.offers.all(language).map(toOffer);
  }

  async listBoosters(language: NameLanguage = 'en'): Promise<Booster[]> {
    const nameOf = this.names.in(language);
    return this.catalogue.allBoosters().map((b) => ({ ...b, Name: nameOf('booster', b.ID, b.Name) }));
  }

  async getCurrentProductCode(uid: string): Promise<number | null> {
    return this.choices.currentProduct.get(uid)?.current_product_code ?? null;
  }

  async setCurrentProduct(uid: string, code: number, markSaved: boolean): Promise<void> {
    immediate(this.db, () => {
      if (this.steps.paymentOpen(uid) && (this.choices.currentProduct.get(uid)?.current_product_code ?? null) !== code) throw new PaymentOpenError();
      this.choices.setCurrentProduct.run({ uid, code, saved: markSaved ? 1 : 0 });
    });
  }

  async getSavedPlan(uid: string): Promise<SavedPlanRecord | null> {
    const row = this.plans.byUser.get(uid);
    return row ? toSavedPlanRecord(row) : null;
  }

  async replaceSavedPlan(uid: string, plan: NewSavedPlan, now: number): Promise<SavedPlanRecord> {
    return immediate(this.db, () => {
      if (this.steps.paymentOpen(uid)) throw new PaymentOpenError();
      this.plans.deleteOf.run(uid);
      this.plans.insert.run(toSavedPlanInsert(uid, plan, now));
      this.choices.setCurrentProduct.run({ uid, code: plan.productCode, saved: 0 });
      const row = this.plans.byUser.get(uid);
      if (!row) throw new Error('saved plan missing right after insert');
      return toSavedPlanRecord(row);
    });
  }

  async setSavedPlanPromo(uid: string, id: number, promo: SavedPlanPromo): Promise<SavedPlanRecord | null> {
    return immediate(this.db, () => {
      if (this.steps.paymentOpen(uid)) throw new PaymentOpenError();
      const changed = this.promotions.setPromo.run(toSavedPlanPromoUpdate(uid, id, promo)).changes;
      if (changed === 0) return null;
      const row = this.plans.byUser.get(uid);
      return row ? toSavedPlanRecord(row) : null;
    });
  }

  async referralCodeOf(accountId: string): Promise<string | null> {
    return this.promotions.referralOf.get(accountId)?.code ?? null;
  }

  async addReferralCode(accountId: string, code: string, now: number): Promise<string> {
    return immediate(this.db, () => {
      this.promotions.addReferral.run({ accountId, code, now });
      const kept = this.promotions.referralOf.get(accountId);
      if (!kept) throw new Error('referral code missing right after insert');
      return kept.code;
    });
  }

  async referralCodeOwner(code: string): Promise<string | null> {
    return this.promotions.referralOwner.get(code)?.account_id ?? null;
  }

  async accountOfUser(uid: string): Promise<string | null> {
    return this.promotions.accountOfUser.get(uid)?.account_id ?? null;
  }

  async referralUsedBy(friendAccountId: string): Promise<boolean> {
    return this.promotions.referralUsedBy.get(friendAccountId) !== undefined;
  }

  async referralEarnedFils(referrerAccountId: string): Promise<number> {
    return this.promotions.referralEarned.get(referrerAccountId)?.fils ?? 0;
  }

  async getPreferences(uid: string): Promise<PreferenceRecord[]> {
    return this.choices.preferencesOf.all(uid).map(toPreference);
  }

  async setPreference(uid: string, preferenceId: number, value: boolean): Promise<void> {
    this.choices.setPreference.run({ uid, id: preferenceId, value: value ? 1 : 0 });
  }

  /** The names of one kind in a language (English where none): the numbers module's operators read them. */
  namesIn(language: NameLanguage): NameOf {
    return this.names.in(language);
  }
}
