import { Product, SubPlan, type ProductCategory } from '@join/shared';
import {
  categoryOf,
  choiceIds,
  consentPromotion,
  defaultCommitmentProduct,
  freeInternationalCalling,
  fromPrice,
  initialBuilderChoice,
  shownPromotions,
  sortByDuration,
  sortByPlanNetPrice,
  startSelection,
} from '../plan-rules';
import { orderFor } from '../hooks/use-products';
import { dropStartParams, setStartParams, startParamsAtom, store } from '@join/shared';
import { PLAN_START_PARAMS } from '../navigation';

const product = (code: number, price: number, extra: { category?: ProductCategory; months?: number; promotions?: unknown[] } = {}): Product =>
  Product.parse({
    ProductCode: code,
    Name: `Product ${code}`,
    ProductCategory: extra.category ?? 'PAYG',
    CommitmentDuration: extra.months ?? 1,
    AvailablePlans: [],
    PackagesPricingTable: [{ NetPrice: price, PlanNetPrice: price, VATPercentage: 5, VATAmount: price * 0.05 }],
    Promotions: extra.promotions ?? [],
  });

const option = (ID: number, Type: SubPlan['Type'], NetPrice: number) =>
  SubPlan.parse({ ID, Type, Name: `${Type} ${ID}`, Value: 1, Validity: 30, NetPrice });

describe('ordering (SPEC 9)', () => {
  it('sorts by plan net price, not by the discounted net price', () => {
    const discounted = Product.parse({
      ...product(206, 129),
      PackagesPricingTable: [{ NetPrice: 96.75, PlanNetPrice: 129, VATPercentage: 5, VATAmount: 4.84 }],
    });
    expect(sortByPlanNetPrice([product(199, 189), discounted, product(188, 99)]).map((p) => p.ProductCode)).toEqual([188, 206, 199]);
  });
  it('sorts commitment products by duration and orders each category as the step shows it', () => {
    const list = [product(112, 50, { category: 'Commitment', months: 12 }), product(103, 100, { category: 'Commitment', months: 3 }), product(106, 70, { category: 'Commitment', months: 6 })];
    expect(sortByDuration(list).map((p) => p.ProductCode)).toEqual([103, 106, 112]);
    expect(orderFor('Commitment', list).map((p) => p.ProductCode)).toEqual([103, 106, 112]);
    expect(orderFor('PAYG', list).map((p) => p.ProductCode)).toEqual([112, 106, 103]);
  });
});

describe('the default product (SPEC 9: third commitment product sorted by duration)', () => {
  it('is the third by duration whatever the list order', () => {
    const list = [12, 1, 6, 3].map((m) => product(100 + m, 10, { category: 'Commitment', months: m }));
    expect(defaultCommitmentProduct(list)?.CommitmentDuration).toBe(6);
  });
  it('falls back to the longest when fewer than three, and ignores other categories', () => {
    expect(defaultCommitmentProduct([product(103, 1, { category: 'Commitment', months: 3 }), product(100, 1)])?.ProductCode).toBe(103);
    expect(defaultCommitmentProduct([product(100, 1)])).toBeNull();
  });
});

describe('facts from the data', () => {
  it('pay as you go "from" is the lowest plan net price', () => {
    expect(fromPrice([product(101, 75), product(100, 50)])).toBe(50);
    expect(fromPrice([])).toBeNull();
  });
  it('free international calling from a net price of 2600', () => {
    expect(freeInternationalCalling({ NetPrice: 2600, PlanNetPrice: 2600, VATPercentage: 5, VATAmount: 130, ExtraCharges: [], Discounts: [] })).toBe(true);
    expect(freeInternationalCalling({ NetPrice: 2599.99, PlanNetPrice: 2600, VATPercentage: 5, VATAmount: 130, ExtraCharges: [], Discounts: [] })).toBe(false);
    expect(freeInternationalCalling(undefined)).toBe(false);
  });
  it('tourist codes form their own category', () => {
    expect(categoryOf(product(199, 189))).toBe('tourist');
    expect(categoryOf(product(100, 50))).toBe('PAYG');
    expect(categoryOf(product(252, 3599, { category: 'VIP' }))).toBe('VIP');
  });
  it('the consent promotion is found for the review; cards list every offer but promo codes', () => {
    const streaming = { ID: 1, Key: 'streaming_music_3m', Category: 'AddOn', Type: 'STREAMING', Value: 0, RequiresConsent: true, DurationMonths: 3 };
    const cash = { ID: 2, Key: 'cash', Category: 'CashBack', Type: 'AED', Value: 30 };
    const p = product(207, 299, { promotions: [streaming, cash] });
    expect(consentPromotion(p)?.Key).toBe('streaming_music_3m');
    expect(shownPromotions(p).map((x) => x.Key)).toEqual(['streaming_music_3m', 'cash']);
    const code = { ID: 3, Key: 'welcome10', Category: 'PercentageDiscount', Type: 'PERCENT', Value: 10, IsUserPromo: true };
    expect(shownPromotions(product(199, 189, { promotions: [code] }))).toEqual([]);
    expect(consentPromotion(product(187, 35))).toBeNull();
  });
});

describe('start parameters (SPEC 2: preset, product_code, plantype)', () => {
  it('reads each', () => {
    expect(startSelection({})).toEqual({ kind: 'none' });
    expect(startSelection({ plantype: 'Commitment' })).toEqual({ kind: 'category', category: 'Commitment' });
    expect(startSelection({ plantype: 'payg' })).toEqual({ kind: 'category', category: 'PAYG' });
    expect(startSelection({ plantype: 'annual' })).toEqual({ kind: 'builder', productCode: 312, presetIds: [] });
    expect(startSelection({ product_code: '199' })).toEqual({ kind: 'product', productCode: 199 });
    expect(startSelection({ product_code: '300', preset: '30002,30006' })).toEqual({ kind: 'builder', productCode: 300, presetIds: [30002, 30006] });
    expect(startSelection({ preset: '31201,31205' })).toEqual({ kind: 'builder', productCode: 312, presetIds: [31201, 31205] });
    expect(startSelection({ preset: '31201', plantype: 'custom' })).toEqual({ kind: 'builder', productCode: 300, presetIds: [31201] });
  });
  it('ignores what it cannot read', () => {
    expect(startSelection({ product_code: 'abc', plantype: 'nonsense' })).toEqual({ kind: 'none' });
    expect(startSelection({ product_code: '-5' })).toEqual({ kind: 'none' });
    expect(startSelection({ preset: '1,x' })).toEqual({ kind: 'none' });
  });
  it('drops only the plan parameters once used', () => {
    setStartParams({ preset: '1', product_code: '2', plantype: 'vip', vip: 'gold', gclid: 'g' });
    dropStartParams(PLAN_START_PARAMS);
    expect(store.get(startParamsAtom)).toEqual({ vip: 'gold', gclid: 'g' });
  });
});

describe('builder choice', () => {
  const options = [option(1, 'DATA', 45), option(2, 'DATA', 30), option(3, 'VOICE-LCL', 10), option(4, 'VOICE-INT', 10), option(5, 'VOICE-INT', 25)];
  it('starts from the cheapest data and local minutes, no international', () => {
    expect(initialBuilderChoice(options, [])).toEqual({ DATA: 2, 'VOICE-LCL': 3 });
  });
  it('takes preferred ids that are options, one per type, and ignores the rest', () => {
    expect(initialBuilderChoice(options, [1, 5, 4, 999])).toEqual({ DATA: 1, 'VOICE-INT': 5, 'VOICE-LCL': 3 });
  });
  it('lists the ids in type order', () => {
    expect(choiceIds({ 'VOICE-INT': 5, DATA: 1, 'VOICE-LCL': 3 })).toEqual([1, 3, 5]);
  });
});
