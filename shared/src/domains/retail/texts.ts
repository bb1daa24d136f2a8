/**
 * Bundled English of the retail mode (a shop device run by staff): the fallback when
 * GET /translations lacks a key. The API serves these keys too (through @join/shared/contract).
 */
export const RETAIL_TEXTS = {
  // ---- Retail screens: enrolment, staff sign-in, the retail start screen, the manager page ----
  'retail.start.title': 'Start a new customer',

  // ---- The retail shell in the flow: header, "Start over?", idle pop-up, wipe ----
  'retail.header.home': 'Start over',
} as const;
