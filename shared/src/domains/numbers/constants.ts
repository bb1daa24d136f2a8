/**
 * The numbers domain's constants (SPEC section 9): the search, the shuffle and the hold of a number.
 */
export const SEARCH_PAGE_SIZE = 10;
export const DEFAULT_SHUFFLE_VANITY_IDS = [1, 2] as const;
export const SEARCH_DEFAULT_VANITY_LEVELS = [1, 2, 3, 4, 6, 10] as const;
export const NUMBER_SEARCH_PREFIX = '058';
/** How long a number is held for a session. The spec does not give it; 15 minutes is ours (README). */
export const DEFAULT_NUMBER_HOLD_SECONDS = 15 * 60;
/** When the hold countdown starts warning (WCAG 2.2.1: a way to extend before it ends). */
export const NUMBER_HOLD_WARNING_SECONDS = 120;
