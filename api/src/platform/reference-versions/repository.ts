/**
 * Reference data (translations, the business config, the catalogue) is the same for every
 * visitor and changes rarely: on a start's seed, or when an operator edits it by hand, possibly
 * from another process while the server runs. Each kind has a version that triggers move on
 * every change of its tables, whoever makes it; an answer built from it is cached under the
 * versions it was built from and rebuilt as soon as one moves (platform/http/cached-answer.ts).
 */
export interface ReferenceVersions {
  /** The translations table. */
  translations: number;
  /** The business_config table. */
  businessConfig: number;
  /** The catalogue's reference tables: products, their plans and prices, promotions, promo codes, boosters, names in other languages. */
  catalogue: number;
}

export interface ReferenceVersionRepository {
  /** The versions now, in one read. */
  referenceVersions(): Promise<ReferenceVersions>;
}
