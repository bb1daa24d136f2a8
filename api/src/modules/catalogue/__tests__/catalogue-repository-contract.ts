import type { CatalogueRepository } from '../repository';
import type { FlowRepository } from '../../flow/repository';
import type { NumbersRepository } from '../../numbers/repository';
import type { SessionRepository } from '../../../platform/sessions/repository';
import { NOW, type RepositoryImplementation, describeRepositoryContract, price } from '../../../testing/repository-contract';

/** What the suite runs against: the catalogue repository, and what its tests set up and observe through. */
export type CatalogueContractSubject = CatalogueRepository & SessionRepository & NumbersRepository & FlowRepository;

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
