import type { Params } from '@join/shared';

type T = (key: string, params?: Params) => string;

/**
 * The cart button's accessible name with its count ("Your selection, 2 items"): `cart.items`
 * is a plural key, so the i18n layer picks its form (Intl.PluralRules: Arabic has six). With
 * nothing counted but a plan under review, it names that plan as not added yet.
 */
export function cartLabel(t: T, count: number, reviewing: string | null = null): string {
  if (count <= 0 && reviewing) return `${t('header.cart')}: ${t('cart.inReviewNamed', { plan: reviewing })}`;
  if (count <= 0) return `${t('header.cart')}: ${t('cart.empty')}`;
  return t('cart.items', { count });
}
