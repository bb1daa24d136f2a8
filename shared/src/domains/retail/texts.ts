/**
 * Bundled English of the retail mode (a shop device run by staff): the fallback when
 * GET /translations lacks a key. The API serves these keys too (through @join/shared/contract).
 */
export const RETAIL_TEXTS = {
  // ---- Retail screens: enrolment, staff sign-in, the retail start screen, the manager page ----
  'retail.start.title': 'Start a new customer',

  // ---- The retail shell in the flow: header, "Start over?", idle pop-up, wipe ----
  'retail.header.home': 'Start over',
  'retail.startOver.title': 'Start over?',
  'retail.startOver.text': 'Everything entered for this customer is erased from this device, and it goes back to the start screen.',
  'retail.startOver.confirm': 'Start over',
  'retail.startOver.cancel': 'Keep going',
  'retail.idle.title': 'Are you still there?',
  'retail.idle.text': 'For the customer’s privacy, this session ends soon and everything entered is erased from this device: the plan, the number, the account, the identity scans and the payment.',
  'retail.idle.remaining': 'Time left: {{time}}',
  'retail.idle.announce': 'The session ends in {{time}} unless you choose “I’m still here”.',
  'retail.idle.continue': 'I’m still here',
  'retail.idle.end': 'End session',
} as const;
