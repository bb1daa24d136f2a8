import type { AppListing } from '../repository';

/**
 * The app's store listings seeded into app_store_listings (SPEC 2's smart banner, SPEC 3's
 * smart_banner_apps_rating): what an operator keeps up to date by hand from the stores' consoles.
 * Nothing is ever fetched from a store. The links are the listings' addresses (sandbox values).
 */
export const SEED_APP_LISTINGS: readonly AppListing[] = [
  {
    store: 'ios',
    nameEn: 'App Store',
    nameAr: 'آب ستور',
    rating: 4.7,
    count: 9412,
    url: 'https://apps.apple.com/ae/app/tourist-sim/id0000000000',
  },
  {
    store: 'android',
    nameEn: 'Google Play',
    nameAr: 'جوجل بلاي',
    rating: 4.6,
    count: 18234,
    url: 'https://play.google.com/store/apps/details?id=ae.example.touristsim',
  },
];
