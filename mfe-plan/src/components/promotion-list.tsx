import { formatAed, formatPromotionExtras, type Promotion } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';

/** One promotion as a visitor reads it, per category of SPEC 3, with its formatted extras. */
export function usePromotionText(): (p: Promotion) => string {
  const t = useT();
  const { language } = useLanguage();
  const aed = (n: number) => formatAed(n, language);
  return (p) => {
    const extras = formatPromotionExtras(p);
    const extra = extras.extraDataFormatted ?? extras.extraLocalFormatted ?? extras.extraInternationalFormatted ?? '';
    const what = extras.extraDataFormatted ? t('plan.data') : extras.extraLocalFormatted ? t('plan.local') : t('plan.international');
    switch (p.Category) {
      case 'AmountDiscount':
        return t('promo.AmountDiscount', { amount: aed(p.Value) });
      case 'PercentageDiscount':
        return t('promo.PercentageDiscount', { percent: p.Value });
      case 'AddOn':
        return p.Type === 'STREAMING' ? t('promo.streaming', { count: p.DurationMonths ?? 0 }) : t('promo.AddOn', { extra: `${extra} ${what}` });
      case 'CashBack':
        return t('promo.CashBack', { amount: aed(p.Value) });
      case 'RecurringData':
        return t('promo.RecurringData', { extra: `${extra} ${what}`, count: p.DurationMonths ?? 1 });
      case 'MGM':
        return t('promo.MGM', { amount: aed(p.Value), max: aed(p.MaxValue ?? p.Value) });
    }
  };
}

/** The offers of a plan; `badges` draws them as small accent badges (a plan card). */
export function PromotionList({ promotions, label, badges = false }: { promotions: readonly Promotion[]; label: string; badges?: boolean }) {
  const text = usePromotionText();
  if (promotions.length === 0) return null;
  return (
    <ul className={`promotions${badges ? ' promotions--badges' : ''}`} aria-label={label}>
      {promotions.map((p) => (
        <li key={p.Key} className={`promotion promotion--${p.Category}`} data-category={p.Category}>
          {text(p)}
        </li>
      ))}
    </ul>
  );
}
