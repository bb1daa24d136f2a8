/**
 * The sandboxes' words: each sandbox keeps its own dictionary (its `texts.ts`, the courier's and
 * the eSIM service's in their `pages.ts`) in the product's two languages, the Arabic typed as the
 * English (`const ar: typeof en`), so a missing word fails the type check. This is their one shape.
 */
export type SandboxLanguage = 'en' | 'ar';

/** A sandbox's dictionary: its words in English and in Arabic. */
export function sandboxTexts<T>(en: T, ar: T): Readonly<Record<SandboxLanguage, T>> {
  return Object.freeze({ en, ar });
}

/** `?lang=ar` (a query or a form's field) gives Arabic; anything else English. */
export function pageLanguage(value: unknown): SandboxLanguage {
  return value === 'ar' ? 'ar' : 'en';
}
