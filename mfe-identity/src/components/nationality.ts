import codes from 'i18n-iso-countries/codes.json';

/**
 * A document's nationality (ICAO 9303 three-letter code, as the machine-readable zone writes it)
 * named in the page's language by the browser's own `Intl.DisplayNames` (no names shipped): the
 * three-letter code becomes ISO 3166-1 alpha-2 through i18n-iso-countries' code table (its
 * names are not loaded). ICAO's own codes that are not ISO's (Germany's `D`, the British
 * nationals' `GBD`…, Kosovo's `RKS`) map to their country; the stateless and refugee codes
 * (`XXA`…) and anything unknown give null: the page shows the code as it is.
 */
const ALPHA2 = new Map<string, string>((codes as string[][]).map(([alpha2, alpha3]) => [alpha3 ?? '', alpha2 ?? '']));
const ICAO_ONLY: Record<string, string> = { D: 'DE', GBD: 'GB', GBN: 'GB', GBO: 'GB', GBP: 'GB', GBS: 'GB', RKS: 'XK' };

export function nationalityName(code: string, language: 'en' | 'ar'): string | null {
  const key = code.replace(/</g, '');
  const region = ICAO_ONLY[key] ?? ALPHA2.get(key);
  if (!region) return null;
  try {
    const name = new Intl.DisplayNames([language === 'ar' ? 'ar-AE' : 'en-GB'], { type: 'region', fallback: 'none' }).of(region);
    return name ?? null;
  } catch {
    return null;
  }
}
