/**
 * The decline reasons this card provider answers a charge with (its protocol, copied from the
 * operator's side of it: a third party shares no code with the operator, and the operator's client
 * maps these to its own error codes). token_invalid, authentication_failed and
 * authentication_cancelled come from the flow, every other one from a test card (test-cards.ts).
 */
export const CARD_DECLINE_REASONS = [
  'expired_card',
  'insufficient_funds',
  'processing_error',
  'try_again_later',
  'fraudulent',
  'incorrect_cvc',
  'unsupported_brand',
  'incorrect_details',
  'generic_decline',
  'not_eligible',
  'recurring_not_allowed',
  'token_invalid',
  'authentication_failed',
  'authentication_cancelled',
] as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];
