import { setBizConfig, SupportContacts, type BusinessConfig } from '@join/shared';

/** A business configuration as the API answers it by default (no maintenance, promo codes off, no support contacts), with `over` on top. */
export function businessConfig(over: Partial<BusinessConfig> = {}): BusinessConfig {
  return {
    vat_percentage: 5,
    min_promo_code_length: 4,
    max_promo_code_length: 12,
    maintenance_mode: null,
    enable_convert_websignup: false,
    smart_banner_apps_rating: [],
    promo_codes_enabled: false,
    retail_flow: false,
    tag_manager_url: null,
    skip_number_confirmation: false,
    support: { phone: null, chat_url: null, email: null, hours: null },
    ...over,
  };
}

/** The page's business configuration loaded, with these support contacts (the help modal and the pop-ups offer them). */
export function withSupportContacts(support: Partial<SupportContacts>): void {
  const config = businessConfig();
  setBizConfig({ status: 'ready', config: { ...config, support: SupportContacts.parse({ ...config.support, ...support }) } });
}
