import { PackagePrice, Promotion, type PromotionCategory } from '@join/shared/contract';
import {
  commitmentPrice,
  computePackagePrice,
  discountsFor,
  priceChoice,
  rechargeCharges,
  roundMoney,
  type ChoicePricing,
} from '../pricing';

const promo = (Key: string, Category: PromotionCategory, Value: number): Promotion =>
  Promotion.parse({ ID: Key.length, Key, Category, Type: 'X', Value });

const choice = (over: Partial<ChoicePricing>): ChoicePricing => ({
  base: { planNetPrice: 100 },
  automatic: [],
  optIn: [],
  promoCode: null,
  boosters: [],
  vatPercentage: 5,
  ...over,
});

describe('pricing', () => {
  it('adds extras to the plan price and VAT on top of the net price', () => {
    const price = computePackagePrice({ planNetPrice: 99, vatPercentage: 5, extraCharges: rechargeCharges(2000) });
    expect(price).toEqual({
      PlanNetPrice: 99,
      NetPrice: 119,
      VATPercentage: 5,
      VATAmount: 5.95,
      ExtraCharges: [{ Name: 'RechargeAmount', Amount: 20 }],
      Discounts: [],
    });
    expect(PackagePrice.parse(price)).toEqual(price);
  });

  it('rounds VAT to fils', () => {
    expect(computePackagePrice({ planNetPrice: 33.33, vatPercentage: 5 }).VATAmount).toBe(1.67);
    expect(roundMoney(1.005)).toBe(1.01);
  });

  it('adds no charge for no top-up or a zero top-up', () => {
    expect(rechargeCharges(undefined)).toEqual([]);
    expect(rechargeCharges(0)).toEqual([]);
  });
});

describe('commitment saving', () => {
  it('takes the term’s saving off the month-by-month price; no saving, no change', () => {
    expect(commitmentPrice(100, 30)).toBe(70);
    expect(commitmentPrice(100, 50)).toBe(50);
    expect(commitmentPrice(100, null)).toBe(100);
    expect(commitmentPrice(99.99, 30)).toBe(69.99);
  });

  it('prices an annual choice as the sum of its options less the 12-month saving, and reports the list price', () => {
    const priced = priceChoice(choice({ base: { listNetPrice: 360 + 120 + 300, savingPercentage: 50 } }));
    expect(priced.price).toMatchObject({ PlanNetPrice: 390, NetPrice: 390, VATAmount: 19.5 });
    expect(priced.listNetPrice).toBe(780);
    expect(priceChoice(choice({ base: { planNetPrice: 189 } })).listNetPrice).toBeNull();
  });
});

describe('discounts', () => {
  it('takes an amount off (AmountDiscount)', () => {
    const priced = priceChoice(choice({ base: { planNetPrice: 189 }, automatic: [promo('welcome_20', 'AmountDiscount', 20)] }));
    expect(priced.price).toMatchObject({ PlanNetPrice: 189, NetPrice: 169, VATAmount: 8.45, Discounts: [{ Name: 'welcome_20', Amount: 20 }] });
  });

  it('takes a percentage of the plan price off, rounded to fils (PercentageDiscount: 25 % of 129 is 32.25)', () => {
    const priced = priceChoice(choice({ base: { planNetPrice: 129 }, automatic: [promo('data_25_off', 'PercentageDiscount', 25)] }));
    expect(priced.price.Discounts).toEqual([{ Name: 'data_25_off', Amount: 32.25 }]);
    expect(priced.price.NetPrice).toBe(96.75);
    // VAT is on the discounted net price: 5 % of 96.75 = 4.8375.
    expect(priced.price.VATAmount).toBe(4.84);
    expect(discountsFor(33.33, [promo('p', 'PercentageDiscount', 10)])).toEqual([{ Name: 'p', Amount: 3.33 }]);
  });

  it.each(['AddOn', 'CashBack', 'RecurringData', 'MGM'] as const)('lists %s as applied without changing the price', (category) => {
    const applied = promo('extra', category, 50);
    const priced = priceChoice(choice({ automatic: [applied] }));
    expect(priced.price).toMatchObject({ PlanNetPrice: 100, NetPrice: 100, Discounts: [] });
    expect(priced.promotions).toEqual([applied]);
  });

  it('caps the discounts together at the plan price, never touching extras', () => {
    const priced = priceChoice(
      choice({
        base: { planNetPrice: 35 },
        automatic: [promo('big', 'AmountDiscount', 30)],
        promoCode: promo('code', 'PercentageDiscount', 50),
        rechargeFils: 2500,
      }),
    );
    // 30 off, then 50 % of 35 = 17.5 wanted but only 5 left.
    expect(priced.price.Discounts).toEqual([
      { Name: 'big', Amount: 30 },
      { Name: 'code', Amount: 5 },
    ]);
    expect(priced.price.NetPrice).toBe(25);
    expect(discountsFor(10, [promo('all', 'AmountDiscount', 15), promo('none', 'AmountDiscount', 5)])).toEqual([{ Name: 'all', Amount: 10 }]);
  });

  it('never goes below zero', () => {
    expect(computePackagePrice({ planNetPrice: 10, vatPercentage: 5, discounts: [{ Name: 'x', Amount: 12 }] }).NetPrice).toBe(0);
  });
});

describe('a whole choice', () => {
  it('adds the top-up, then one charge per booster, and lists promotions automatic, opted-in, code', () => {
    const automatic = promo('welcome_20', 'AmountDiscount', 20);
    const streaming = promo('streaming', 'AddOn', 0);
    const code = promo('welcome10', 'PercentageDiscount', 10);
    const priced = priceChoice({
      base: { planNetPrice: 189 },
      automatic: [automatic],
      optIn: [streaming],
      promoCode: code,
      boosters: [
        { Name: 'Data booster 5 GB', NetPrice: 25 },
        { Name: 'Local minutes 100', NetPrice: 15 },
      ],
      rechargeFils: 5000,
      vatPercentage: 5,
    });
    expect(priced.promotions).toEqual([automatic, streaming, code]);
    expect(priced.price).toEqual({
      PlanNetPrice: 189,
      ExtraCharges: [
        { Name: 'RechargeAmount', Amount: 50 },
        { Name: 'Data booster 5 GB', Amount: 25 },
        { Name: 'Local minutes 100', Amount: 15 },
      ],
      // 10 % of the plan price (189), not of what is left after the first discount.
      Discounts: [
        { Name: 'welcome_20', Amount: 20 },
        { Name: 'welcome10', Amount: 18.9 },
      ],
      NetPrice: 240.1,
      VATPercentage: 5,
      VATAmount: 12.01,
    });
  });

  it('uses the VAT percentage it is given', () => {
    expect(priceChoice(choice({ vatPercentage: 7 })).price).toMatchObject({ VATPercentage: 7, VATAmount: 7 });
  });

  it('takes a referral code’s MGM reward off last, cut to what is left, and lists the MGM promotion once (a product’s own MGM takes nothing)', () => {
    const mgm = promo('refer_a_friend', 'MGM', 50);
    expect(discountsFor(100, [mgm])).toEqual([]);
    const priced = priceChoice(choice({ automatic: [mgm, promo('off_70', 'AmountDiscount', 70)], promoCode: mgm }));
    expect(priced.promotions.map((p) => p.Key)).toEqual(['off_70', 'refer_a_friend']);
    expect(priced.price.Discounts).toEqual([
      { Name: 'off_70', Amount: 70 },
      { Name: 'refer_a_friend', Amount: 30 },
    ]);
    expect(priced.price.NetPrice).toBe(0);
  });
});
