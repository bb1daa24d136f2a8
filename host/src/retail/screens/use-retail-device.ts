import { useQuery } from '@tanstack/react-query';
import { i18n } from '@join/shared';
import { useLanguage } from '@join/shared/react';
import { RETAIL_ERROR_CODES, RETAIL_ROUTES, retailApi, type RetailShop } from '@join/shared/retail';
import { errorCode } from './retail-page';

export const DEVICE_QUERY_KEY = ['retail', 'device'] as const;

/** GET /retail/device: the enrolled device, its shop and its staff member (never cached across a sign-in). */
export function useRetailDevice() {
  return useQuery({ queryKey: DEVICE_QUERY_KEY, queryFn: () => retailApi.device(), staleTime: 0, gcTime: 0 });
}

/**
 * Where a refusal of a retail call sends the device: not enrolled → the enrolment, no staff
 * sign-in → the sign-in, retail switched off → 'off'. Null: not a retail state (show the error).
 */
export function retailRedirect(err: unknown): string | 'off' | null {
  switch (errorCode(err)) {
    case RETAIL_ERROR_CODES.deviceNotEnrolled:
      return RETAIL_ROUTES.enrol;
    case RETAIL_ERROR_CODES.staffSignedOut:
      return RETAIL_ROUTES.signIn;
    case RETAIL_ERROR_CODES.retailOff:
      return 'off';
    default:
      return null;
  }
}

/** The shop's name in the page's language. */
export function useShopName(): (shop: RetailShop) => string {
  const { language } = useLanguage();
  return (shop) => (language === 'ar' ? shop.name_ar : shop.name);
}

/** The shop's name in the page's language, outside React. */
export const shopName = (shop: RetailShop): string => (i18n.language() === 'ar' ? shop.name_ar : shop.name);
