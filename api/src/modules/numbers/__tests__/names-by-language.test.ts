import {
  AvailablePlansResponse,
  BoostersResponse,
  MnpVerifyResponse,
  OperatorsResponse,
  PlanQuoteResponse,
  ProductResponse,
  ProductsResponse,
  type Product,
} from '@join/shared/contract';
import { activeSubscriber, FakePortabilityLookup } from '../../../testing/fake-portability';
import { createTestApp, type TestApp, type Visitor } from '../../../testing/harness';

/**
 * Names answer in the request's `language` header: products and their plans, boosters,
 * operators (and the booster lines of a price). Ids, prices and order are the same in both.
 */
const ARABIC = /\p{Script=Arabic}/u;
/** Latin words an Arabic name may carry: units and abbreviations (shared/README.md, i18n allow-list). */
const LATIN_ALLOWED = new Set(['GB', 'MB', 'VIP']);
const latinWords = (s: string): string[] => (s.match(/[A-Za-z]+/g) ?? []).filter((w) => !LATIN_ALLOWED.has(w));
const arabicName = (name: string) => ({ name, arabic: ARABIC.test(name), latin: latinWords(name) });
const expectArabic = (names: readonly string[]) => {
  for (const name of names) expect(arabicName(name)).toEqual({ name, arabic: true, latin: [] });
};
/** A product without what may differ by language (its name and its plans' names). */
const sansNames = (p: Product) => ({ ...p, Name: '', AvailablePlans: p.AvailablePlans.map((s) => ({ ...s, Name: '' })) });

describe('names in the request language', () => {
  let t: TestApp;
  let en: Visitor;
  let ar: Visitor;
  beforeAll(async () => {
    t = await createTestApp({ portability: new FakePortabilityLookup([activeSubscriber('971501234567', 'etisalat')]) });
    en = await t.login();
    ar = { ...en, headers: { ...en.headers, language: 'ar' } };
  });
  afterAll(() => t.close());

  it.each(['tourist', 'PAYG', 'Commitment', 'VIP'])('lists %s products in English and Arabic alike but for the names', async (category) => {
    const list = async (v: Visitor) => ProductsResponse.parse((await t.get(v, `/api/products/available?category=${category}`)).json()).products;
    const [inEnglish, inArabic] = [await list(en), await list(ar)];
    expect(inArabic.map(sansNames)).toEqual(inEnglish.map(sansNames));
    expectArabic(inArabic.map((p) => p.Name));
    expectArabic(inArabic.flatMap((p) => p.AvailablePlans.map((s) => s.Name)));
    for (const p of inEnglish) expect(ARABIC.test(p.Name)).toBe(false);
  });

  it('names plans with Arabic counting (7 أيام, 14 يومًا; 10 دقائق, 30 دقيقة)', async () => {
    const tourist = ProductsResponse.parse((await t.get(ar, '/api/products/available?category=tourist')).json()).products;
    const byCode = new Map(tourist.map((p) => [p.ProductCode, p]));
    expect(byCode.get(187)?.Name).toBe('باقة السائح الأساسية 7 أيام');
    expect(byCode.get(188)?.Name).toBe('باقة السائح المستكشف 14 يومًا');
    expect(byCode.get(187)?.AvailablePlans.map((s) => s.Name)).toEqual(['بيانات 2 GB', '30 دقيقة محلية', '10 دقائق دولية']);
    expect(byCode.get(208)?.AvailablePlans.map((s) => s.Name)).toContain('10 دقائق محلية يوميًا');
  });

  it('answers the current product, a product save and the builder options in Arabic', async () => {
    const current = ProductResponse.parse((await t.get(ar, '/api/products/current')).json()).product;
    expect(current.Name).toBe('فليكسي لمدة شهر واحد');
    expect(ProductResponse.parse((await t.get(en, '/api/products/current')).json()).product.Name).toBe('Flexi 1 month');
    const saved = ProductResponse.parse((await t.post(ar, '/api/products/save', { product_code: 187 })).json()).product;
    expect(saved.Name).toBe('باقة السائح الأساسية 7 أيام');
    const options = AvailablePlansResponse.parse((await t.get(ar, '/api/products/available_plans.json?product_codes=300')).json());
    expect(options.products[0]?.product.Name).toBe('باقة مخصصة');
    expectArabic(options.products[0]?.plans.map((s) => s.Name) ?? []);
  });

  it('answers boosters, and the booster lines of a price, in Arabic', async () => {
    const [number] = await t.offer(en);
    expect((await t.post(en, '/api/numbers', { number: number! })).statusCode).toBe(200);
    const list = async (v: Visitor) => BoostersResponse.parse((await t.get(v, `/api/boosters/${number}?product_code=188`)).json()).boosters;
    const [inEnglish, inArabic] = [await list(en), await list(ar)];
    expect(inArabic.map((b) => ({ ...b, Name: '' }))).toEqual(inEnglish.map((b) => ({ ...b, Name: '' })));
    expectArabic(inArabic.map((b) => b.Name));
    expect(inEnglish.find((b) => b.ID === 911)?.Name).toBe('Local minutes 100');
    expect(inArabic.find((b) => b.ID === 911)?.Name).toBe('100 دقيقة محلية');
    const quote = PlanQuoteResponse.parse(
      (await t.get(ar, '/api/plans/quote.json?product_code=188&plan_ids=1881,1882,1883&booster_ids=911')).json(),
    );
    expect(quote.package_price.ExtraCharges).toEqual([{ Name: '100 دقيقة محلية', Amount: 15 }]);
  });

  it('answers operators in Arabic, in the list and in a transfer check', async () => {
    const list = async (v: Visitor) => OperatorsResponse.parse((await t.get(v, '/api/mobile_number_portability/operators')).json()).operators;
    expect(await list(en)).toEqual([
      { code: 'du', name: 'du' },
      { code: 'etisalat', name: 'e& (Etisalat)' },
      { code: 'virgin', name: 'Virgin Mobile UAE' },
    ]);
    expect(await list(ar)).toEqual([
      { code: 'du', name: 'دو' },
      { code: 'etisalat', name: 'إي آند (اتصالات)' },
      { code: 'virgin', name: 'فيرجن موبايل الإمارات' },
    ]);
    const checked = await t.post(ar, '/api/mobile_number_portability/verify', { external_number: '0501234567', operator: 'etisalat' });
    expect(MnpVerifyResponse.parse(checked.json()).operator).toEqual({ code: 'etisalat', name: 'إي آند (اتصالات)' });
  });
});
