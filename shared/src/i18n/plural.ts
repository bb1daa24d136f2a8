/* Node-safe (no rosetta): the API's dictionary test uses it through @join/shared/contract. */

/**
 * Plural keys (the convention, see shared/README.md): a text that counts something has no
 * plain key but one key per CLDR plural category, `<key>.<category>`, with the count as the
 * `{{count}}` parameter: `plan.validity.one`, `plan.validity.other` in English;
 * `.zero .one .two .few .many .other` in Arabic. `t('plan.validity', { count: 7 })` picks
 * the form `new Intl.PluralRules(language).select(7)` names, then `.other`, then the plain key.
 */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

const pluralRules = new Map<string, Intl.PluralRules>();
/** The CLDR plural category of a count in a language ('few' for 7 in Arabic, 'other' in English). */
export function pluralCategory(language: string, count: number): PluralCategory {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count) as PluralCategory;
}
/** The plural categories a language needs (English: one, other; Arabic: all six). */
export function pluralCategoriesOf(language: string): readonly PluralCategory[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories as PluralCategory[];
}
