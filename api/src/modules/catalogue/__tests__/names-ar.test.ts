import { SEED_BOOSTERS } from '../seed/boosters';
import { arabicMinutes, arabicSubPlanName, BOOSTER_NAMES_AR, OPERATOR_NAMES_AR, PRODUCT_NAMES_AR } from '../seed/names-ar';
import { SEED_PRODUCTS } from '../seed/products';
import { SEED_OPERATORS } from '../../numbers/seed/operators';
import { LATIN_ALLOW_LIST } from '../../numbers/seed/latin-allow-list';

const latin = (s: string) => (s.match(/[A-Za-z][A-Za-z&]*/g) ?? []).filter((w) => !LATIN_ALLOW_LIST.has(w));
const arabic = (names: readonly (string | undefined)[]) => names.map((n) => ({ n, ok: !!n && /\p{Script=Arabic}/u.test(n) && latin(n).length === 0 }));

describe('Arabic names of the seed', () => {
  it('names every seeded product, plan, booster and operator in Arabic', () => {
    const all = [
      ...SEED_PRODUCTS.map((p) => PRODUCT_NAMES_AR[p.code]),
      ...SEED_PRODUCTS.flatMap((p) => p.plans.map(arabicSubPlanName)),
      ...SEED_BOOSTERS.map((b) => BOOSTER_NAMES_AR[b.ID]),
      ...SEED_OPERATORS.map((o) => OPERATOR_NAMES_AR[o.code]),
    ];
    expect(arabic(all).filter((x) => !x.ok)).toEqual([]);
    expect(Object.keys(PRODUCT_NAMES_AR).map(Number).sort()).toEqual(SEED_PRODUCTS.map((p) => p.code).sort());
  });

  it('counts minutes with the Arabic plural forms', () => {
    const local = { singular: 'محلية', dual: 'محليتان', plural: 'محلية' };
    expect([1, 2, 3, 10, 11, 100].map((n) => arabicMinutes(n, local))).toEqual([
      'دقيقة محلية واحدة',
      'دقيقتان محليتان',
      '3 دقائق محلية',
      '10 دقائق محلية',
      '11 دقيقة محلية',
      '100 دقيقة محلية',
    ]);
  });
});
