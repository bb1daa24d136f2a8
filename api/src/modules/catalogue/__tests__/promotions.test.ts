import { Promotion } from '@join/shared/contract';
import { applicablePromotions, openPromotionRefusal, promotionRefusal, type PromotionRule } from '../promotions';

const NOW = Date.UTC(2026, 0, 15);
const rule = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  promotion: Promotion.parse({ ID: 1, Key: 'k', Category: 'AmountDiscount', Type: 'DISCOUNT', Value: 25 }),
  validUntil: null,
  minPlanNetPrice: null,
  touristOnly: false,
  ...over,
});
const tourist = { category: 'PAYG' as const, tourist: true, planNetPrice: 189 };

describe('promotion rules', () => {
  it('refuses an ended promotion as invalid, from the instant it ends', () => {
    expect(promotionRefusal(rule({ validUntil: NOW }), tourist, NOW)).toBe('promo_invalid');
    expect(promotionRefusal(rule({ validUntil: NOW + 1 }), tourist, NOW)).toBeNull();
  });

  it('refuses a plan below the minimum or a non-tourist plan for a tourist-only one as not supported', () => {
    expect(promotionRefusal(rule({ minPlanNetPrice: 99 }), { ...tourist, planNetPrice: 35 }, NOW)).toBe('promo_not_supported');
    expect(promotionRefusal(rule({ minPlanNetPrice: 99 }), { ...tourist, planNetPrice: 99 }, NOW)).toBeNull();
    expect(promotionRefusal(rule({ touristOnly: true }), { ...tourist, tourist: false }, NOW)).toBe('promo_not_supported');
  });

  it('keeps codes and opt-in offers away from VIP plans, but says invalid first', () => {
    const vip = { category: 'VIP' as const, tourist: false, planNetPrice: 2999 };
    expect(openPromotionRefusal(rule(), vip, NOW)).toBe('promo_not_supported');
    expect(openPromotionRefusal(rule({ validUntil: NOW - 1 }), vip, NOW)).toBe('promo_invalid');
    expect(openPromotionRefusal(rule(), tourist, NOW)).toBeNull();
  });

  it('applies the linked promotions that fit', () => {
    const fits = rule();
    const ended = rule({ validUntil: NOW - 1 });
    expect(applicablePromotions([fits, ended], tourist, NOW)).toEqual([fits.promotion]);
  });
});
