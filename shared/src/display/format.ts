import { FILS_PER_AED, formatAed } from '@join/shared';

/** The page's languages, as the steps' formatters take them. */
export type PageLanguage = 'en' | 'ar';

/** The Intl locale a language is written in on the page (each formatter asks for Latin digits itself). */
export const pageLocale = (language: PageLanguage): string => (language === 'ar' ? 'ar-AE' : 'en-GB');

/** Fils (the integers of the payment and order contracts) as the page writes AED. */
export const aedOfFils = (fils: number, language: PageLanguage): string => formatAed(fils / FILS_PER_AED, language);
