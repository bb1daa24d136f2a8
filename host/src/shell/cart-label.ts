type T = (key: string, params?: Record<string, string | number>) => string;

/**
 * The cart button's accessible name with its count ("Your selection, 2 items"): one key per
 * plural form, `cart.items.<Intl.PluralRules category>`. When the i18n layer picks plural
 * forms itself this becomes `t('cart.items', { count })`.
 */
export function cartLabel(t: T, language: 'en' | 'ar', count: number): string {
  if (count <= 0) return `${t('header.cart')}: ${t('cart.empty')}`;
  const form = new Intl.PluralRules(language).select(count);
  return t(`cart.items.${form === 'zero' ? 'other' : form}`, { count });
}
