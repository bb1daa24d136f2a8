import type { CatalogueRepository } from '../repository';
import type { AccountRepository } from '../../account/repository';
import { SEED_ACCOUNTS } from '../../account/seed/accounts';
import { isUniqueViolation } from '../promotion-service';
import { SEED_BOOSTERS } from '../seed/boosters';
import { SEED_OFFERS } from '../seed/offers';
import { SEED_COMMITMENT_TERMS, SEED_PRODUCTS, subPlanId } from '../seed/products';
import { SEED_PROMOTIONS } from '../seed/promotions';
import type { FlowRepository } from '../../flow/repository';
import type { NumbersRepository } from '../../numbers/repository';
import type { SessionRepository } from '../../../platform/sessions/repository';
import { NOW, type RepositoryImplementation, describeRepositoryContract, price } from '../../../testing/repository-contract';

/** What the suite runs against: the catalogue repository, and what its tests set up and observe through. */
export type CatalogueContractSubject = CatalogueRepository & SessionRepository & NumbersRepository & FlowRepository & AccountRepository;

/** The behaviour every CatalogueRepository must have, whatever database implements it. */
export function describeCatalogueRepositoryContract(name: string, impl: RepositoryImplementation<CatalogueContractSubject>): void {
  describeRepositoryContract('CatalogueRepository', name, impl, (repos, { newUser }) => {
    describe('products, saved plans and preferences', () => {
      it('keeps the current product, and one saved plan per user that makes its product current', async () => {
        const { uid } = await newUser();
        const [first, second] = await repos.listCatalogue({ category: 'PAYG' });
        if (!first || !second) throw new Error('the seed has fewer than two PAYG products');
        expect(await repos.getCurrentProductCode(uid)).toBeNull();
        await repos.setCurrentProduct(uid, first.code, true);
        expect(await repos.getCurrentProductCode(uid)).toBe(first.code);
        expect(await repos.getFlowState(uid, NOW)).toMatchObject({ productSaved: true, currentProductCode: first.code });
        expect(await repos.getSavedPlan(uid)).toBeNull();
        const plan = {
          productCode: second.code,
          planIds: [1, 2],
          boosterIds: [],
          promotionKeys: ['streaming'],
          promoCode: null,
          price: price(100),
          appliedPromotions: [],
        };
        const saved = await repos.replaceSavedPlan(uid, plan, NOW);
        expect(saved).toEqual({ id: expect.any(Number), ...plan });
        expect(await repos.getSavedPlan(uid)).toEqual(saved);
        expect(await repos.getCurrentProductCode(uid)).toBe(second.code);
        const again = await repos.replaceSavedPlan(uid, { ...plan, productCode: first.code, price: price(50) }, NOW + 1);
        expect(await repos.getSavedPlan(uid)).toEqual(again);
        expect(await repos.getFlowState(uid, NOW)).toMatchObject({ savedPlanProductCode: first.code });
      });

      it('keeps one value per preference and user', async () => {
        const { uid } = await newUser();
        const other = await newUser();
        expect(await repos.getPreferences(uid)).toEqual([]);
        await repos.setPreference(uid, 9, true);
        await repos.setPreference(uid, 4, true);
        await repos.setPreference(uid, 9, false);
        expect(await repos.getPreferences(uid)).toEqual([
          { preferenceId: 4, value: true },
          { preferenceId: 9, value: false },
        ]);
        expect(await repos.getPreferences(other.uid)).toEqual([]);
      });
    });
    describe('the seeded catalogue', () => {
      const byId = <T extends { ID: number }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => a.ID - b.ID);

      it('has every seeded product with its plans, prices, term saving and automatic promotions', async () => {
        const codes = SEED_PRODUCTS.map((p) => p.code);
        const products = await repos.listCatalogue({ codes });
        expect(products.map((p) => p.code)).toEqual([...codes].sort((a, b) => a - b));
        for (const seed of SEED_PRODUCTS) {
          const product = products.find((p) => p.code === seed.code);
          expect(product).toMatchObject({
            name: seed.name,
            category: seed.category,
            commitmentMonths: seed.commitmentMonths,
            tourist: seed.tourist,
            customizable: 'customizable' in seed,
            vanityLevel: seed.vanityLevel ?? null,
            allowedFeatures: seed.allowedFeatures ?? [],
            fixedNetPrice: 'planNetPrice' in seed ? seed.planNetPrice : null,
            listNetPrice: 'listNetPrice' in seed ? seed.listNetPrice : null,
            termSavingPercentage: SEED_COMMITMENT_TERMS.find((t) => t.months === seed.commitmentMonths)?.savingPercentage ?? null,
          });
          const plans = seed.plans.map((s, i) => ({
            ID: subPlanId(seed.code, i, seed.plans.length),
            Type: s.type,
            Name: s.name,
            Value: s.value,
            Validity: s.validityDays,
            DailyAllowanceValue: s.dailyAllowance ?? null,
            NetPrice: s.netPrice ?? null,
          }));
          expect(byId(product?.plans ?? [])).toEqual(byId(plans));
          const automatic = SEED_PROMOTIONS.filter((s) => s.productCodes?.includes(seed.code));
          expect(product?.promotions.map((r) => r.promotion.Key)).toEqual(automatic.map((s) => s.promotion.Key));
        }
      });

      it('lists products by codes (in code order, unknown codes left out) and VIP products by vanity level', async () => {
        const [a, b] = SEED_PRODUCTS.map((p) => p.code).sort((x, y) => y - x);
        if (a === undefined || b === undefined) throw new Error('the seed has fewer than two products');
        expect((await repos.listCatalogue({ codes: [a, 999_999, b] })).map((p) => p.code)).toEqual([b, a]);
        expect(await repos.listCatalogue({ codes: [] })).toEqual([]);
        expect(await repos.getCatalogueProduct(999_999)).toBeNull();
        const vip = SEED_PRODUCTS.find((p) => p.category === 'VIP' && p.vanityLevel !== undefined);
        if (!vip?.vanityLevel) throw new Error('the seed has no VIP product');
        const level = vip.vanityLevel;
        expect((await repos.listCatalogue({ vipVanityLevel: level })).map((p) => p.code)).toEqual(
          SEED_PRODUCTS.filter((p) => p.category === 'VIP' && p.vanityLevel === level)
            .map((p) => p.code)
            .sort((x, y) => x - y),
        );
      });

      it('finds promotions: the opt-in ones, by promo code and by key, ended or not; unknown ones are null', async () => {
        const rule = (s: (typeof SEED_PROMOTIONS)[number]) => ({
          promotion: s.promotion,
          validUntil: s.validUntil ?? null,
          minPlanNetPrice: s.minPlanNetPrice ?? null,
          touristOnly: s.touristOnly ?? false,
        });
        const optIn = SEED_PROMOTIONS.filter((s) => s.promotion.RequiresConsent && !s.promotion.IsUserPromo && !s.code && !s.productCodes);
        expect(await repos.listOptInPromotions()).toEqual(optIn.map(rule));
        for (const s of SEED_PROMOTIONS) {
          expect(await repos.findPromotion(s.promotion.Key)).toEqual(rule(s));
          if (s.code) expect(await repos.findPromoCode(s.code)).toEqual(rule(s));
        }
        expect(await repos.findPromoCode('NOSUCHCODE')).toBeNull();
        expect(await repos.findPromotion('no_such_key')).toBeNull();
      });

      it('lists boosters by id, and the active offers in a language in the operator order', async () => {
        expect(await repos.listBoosters()).toEqual(byId(SEED_BOOSTERS));
        const offers = [...SEED_OFFERS].sort((x, y) => x.position - y.position);
        for (const language of ['en', 'ar'] as const) {
          expect(await repos.listOffers(language)).toEqual(
            offers.map((o) => ({ key: o.key, kind: o.kind, promotionKey: o.promotionKey, title: o.texts[language].title, text: o.texts[language].text })),
          );
        }
      });
    });

    describe('promo codes on a saved plan, and referral codes', () => {
      it("changes a saved plan's promo code in place, only on the plan the caller priced", async () => {
        const { uid } = await newUser();
        const [product] = await repos.listCatalogue({ category: 'PAYG' });
        const welcome = await repos.findPromoCode('WELCOME10');
        if (!product || !welcome) throw new Error('the seed has no PAYG product or no WELCOME10');
        const plan = { productCode: product.code, planIds: [1], boosterIds: [], promotionKeys: [], promoCode: null, price: price(100), appliedPromotions: [] };
        const saved = await repos.replaceSavedPlan(uid, plan, NOW);
        const promo = { promoCode: 'WELCOME10', price: price(90), appliedPromotions: [welcome.promotion] };
        expect(await repos.setSavedPlanPromo(uid, saved.id, promo)).toEqual({ ...saved, ...promo });
        expect(await repos.getSavedPlan(uid)).toEqual({ ...saved, ...promo });
        // Saved again meanwhile: a new plan (a new id), which the old id no longer changes.
        const again = await repos.replaceSavedPlan(uid, plan, NOW + 1);
        expect(again.id).not.toBe(saved.id);
        expect(await repos.setSavedPlanPromo(uid, saved.id, promo)).toBeNull();
        expect(await repos.getSavedPlan(uid)).toEqual(again);
        // Another user's plan is none of this user's.
        const other = await newUser();
        expect(await repos.setSavedPlanPromo(other.uid, again.id, promo)).toBeNull();
      });

      it('keeps one referral code per account, refuses a code another account has, and knows its owner', async () => {
        const [amira, noor] = SEED_ACCOUNTS;
        if (!amira || !noor) throw new Error('the seed has fewer than two accounts');
        expect(await repos.referralCodeOf(amira.id)).toBeNull();
        expect(await repos.addReferralCode(amira.id, 'AMIRA123', NOW)).toBe('AMIRA123');
        expect(await repos.addReferralCode(amira.id, 'OTHER123', NOW)).toBe('AMIRA123');
        expect(await repos.referralCodeOf(amira.id)).toBe('AMIRA123');
        expect(await repos.referralCodeOwner('AMIRA123')).toBe(amira.id);
        expect(await repos.referralCodeOwner('NOBODY99')).toBeNull();
        // What the referral answer draws again on (promotion-service.ts).
        const taken = await repos.addReferralCode(noor.id, 'AMIRA123', NOW).then(
          () => null,
          (e: unknown) => e,
        );
        expect(isUniqueViolation(taken)).toBe(true);
        expect(await repos.referralCodeOf(noor.id)).toBeNull();
        expect(await repos.referralUsedBy(noor.id)).toBe(false);
        expect(await repos.referralEarnedFils(amira.id)).toBe(0);
        expect(await repos.accountOfUser((await newUser()).uid)).toBeNull();
      });

      it("keeps one of an account's concurrent first referral codes", async () => {
        const account = await repos.findOrCreateVerifiedAccount('referral.race@example.com', 'acc-referral-race', NOW);
        const codes = await Promise.all(Array.from({ length: 6 }, (_, i) => repos.addReferralCode(account.id, `RACE000${i}`, NOW)));
        expect(new Set(codes).size).toBe(1);
        expect(await repos.referralCodeOf(account.id)).toBe(codes[0]);
      });
    });

    describe('names by language', () => {
      const ARABIC = /\p{Script=Arabic}/u;
      const withoutNames = <T extends object>(rows: readonly T[], ...keys: string[]): unknown[] =>
        rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k))));

      it('answers products and their plans in the asked language, English by default; ids and prices are the same', async () => {
        for (const filter of [{ category: 'PAYG' as const }, { category: 'VIP' as const }, { category: 'Commitment' as const }]) {
          const en = await repos.listCatalogue(filter, 'en');
          const ar = await repos.listCatalogue(filter, 'ar');
          expect(await repos.listCatalogue(filter)).toEqual(en);
          expect(en.length).toBeGreaterThan(0);
          // Everything but the names is the same in both languages.
          expect(withoutNames(ar, 'name', 'plans')).toEqual(withoutNames(en, 'name', 'plans'));
          expect(ar.map((p) => withoutNames(p.plans, 'Name'))).toEqual(en.map((p) => withoutNames(p.plans, 'Name')));
          for (const [i, p] of ar.entries()) {
            expect([p.code, ARABIC.test(p.name), /[A-Za-z]{3,}/.test(p.name)]).toEqual([p.code, true, false]);
            expect(p.name).not.toBe(en[i]?.name);
            for (const plan of p.plans) expect([plan.ID, ARABIC.test(plan.Name)]).toEqual([plan.ID, true]);
            expect((await repos.getCatalogueProduct(p.code, 'ar'))?.name).toBe(p.name);
            expect((await repos.getCatalogueProduct(p.code))?.name).toBe(en[i]?.name);
          }
        }
      });

      it('answers boosters and operators in the asked language', async () => {
        const [en, ar] = [await repos.listBoosters('en'), await repos.listBoosters('ar')];
        expect(await repos.listBoosters()).toEqual(en);
        expect(withoutNames(ar, 'Name')).toEqual(withoutNames(en, 'Name'));
        for (const b of ar) expect([b.ID, ARABIC.test(b.Name)]).toEqual([b.ID, true]);
        const [enOps, arOps] = [await repos.listOperators('en'), await repos.listOperators('ar')];
        expect(await repos.listOperators()).toEqual(enOps);
        expect(arOps.map((o) => o.code)).toEqual(enOps.map((o) => o.code));
        for (const o of arOps) expect([o.code, ARABIC.test(o.name)]).toEqual([o.code, true]);
        expect(enOps.find((o) => o.code === 'virgin')?.name).toBe('Virgin Mobile UAE');
      });
    });
  });
}
