import type { BusinessConfig } from '@join/shared/contract';

/**
 * The business config rows seeded into the config table (SPEC 3 fields). Not stored here:
 * promo_codes_enabled, tag_manager_url and skip_number_confirmation, which the server's
 * configuration sets (JOIN_PROMO_CODES, JOIN_TAG_MANAGER_URL,
 * JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION; AppOptions), and smart_banner_apps_rating, built from
 * the app's store listings (seed/app-listings.ts).
 */
export const SEED_BUSINESS_CONFIG: Omit<BusinessConfig, 'promo_codes_enabled' | 'tag_manager_url' | 'skip_number_confirmation' | 'smart_banner_apps_rating'> = {
  vat_percentage: 5,
  min_promo_code_length: 4,
  max_promo_code_length: 12,
  maintenance_mode: null,
  enable_convert_websignup: false,
  // SPEC 9 has the retail flow off; the sandbox's seed turns it on so that it can be tried.
  retail_flow: true,
  // The help modal's ways to reach the operator (sandbox values: no real line or inbox).
  // A mobile number, not a toll-free 800 one: a tourist without a UAE SIM yet can call it.
  support: {
    phone: '971588000800',
    chat_url: 'https://wa.me/971588000800',
    email: 'help@touristsim.example',
    hours: { opens: '08:00', closes: '22:00' },
  },
};
