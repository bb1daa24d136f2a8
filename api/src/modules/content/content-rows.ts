import { BusinessConfig } from '@join/shared/contract';
import type { AppListing } from './repository';

/**
 * The content module's stored rows and their mapping to records, shared by the SQLite (sqlite/)
 * and PostgreSQL (postgres/) repositories: the SQL differs by dialect, what a row means does not.
 * Feedback and app listings are their records as selected (the aliases per dialect).
 */

/** A row of `business_config` (its value JSON) or of `translations` (its value a text). */
export interface KeyValueRow {
  key: string;
  value: string;
}

/**
 * The business config of its table's rows and the app's listings. SPEC 3's
 * smart_banner_apps_rating is the app's listings (their table is its one source; a row of that
 * name in the config table, from before it, is not read): both stores, or none. The table is an
 * edge too: an operator may edit it by hand, so it is parsed, not trusted.
 */
export function toBusinessConfig(rows: readonly KeyValueRow[], listings: readonly AppListing[]): BusinessConfig {
  const ios = listings.find((l) => l.store === 'ios');
  const android = listings.find((l) => l.store === 'android');
  const ratings = ios && android ? [{ Android: { count: android.count, rating: android.rating }, iOS: { count: ios.count, rating: ios.rating } }] : [];
  return BusinessConfig.parse({
    ...Object.fromEntries(rows.filter((r) => r.key !== 'smart_banner_apps_rating').map((r) => [r.key, JSON.parse(r.value) as unknown])),
    smart_banner_apps_rating: ratings,
  });
}

/** A container's texts in one language, by key. */
export const toTranslations = (rows: readonly KeyValueRow[]): Record<string, string> => Object.fromEntries(rows.map((r) => [r.key, r.value]));
