import type { CardDeclineReason } from '../modules/payment/providers';

/**
 * Test support: the card provider sandbox's test cards as its documentation lists them
 * (sandboxes/README.md "Test cards"), copied the way a merchant copies a provider's test cards: the
 * API shares no code with the sandboxes. Each number, charged, gives its scenario; any other valid
 * number succeeds. Not a test itself, never imported by the server.
 */
export type TestCardScenario =
  | { kind: 'succeed' }
  | { kind: 'decline'; reason: CardDeclineReason }
  | { kind: 'three_ds'; then: 'succeed' | 'insufficient_funds' }
  | { kind: 'no_recurring' };

export const TEST_CARDS: readonly { number: string; label: string; scenario: TestCardScenario }[] = [
  { number: '4242424242424242', label: 'Visa, succeeds', scenario: { kind: 'succeed' } },
  { number: '5555555555554444', label: 'Mastercard, succeeds', scenario: { kind: 'succeed' } },
  { number: '378282246310005', label: 'American Express, succeeds', scenario: { kind: 'succeed' } },
  { number: '4000000000003220', label: 'Visa, 3-D Secure, then succeeds', scenario: { kind: 'three_ds', then: 'succeed' } },
  { number: '5200000000003225', label: 'Mastercard, 3-D Secure, then succeeds', scenario: { kind: 'three_ds', then: 'succeed' } },
  { number: '4000008260003178', label: 'Visa, 3-D Secure, then insufficient funds', scenario: { kind: 'three_ds', then: 'insufficient_funds' } },
  { number: '4000000000000069', label: 'expired card', scenario: { kind: 'decline', reason: 'expired_card' } },
  { number: '4000000000009995', label: 'insufficient funds', scenario: { kind: 'decline', reason: 'insufficient_funds' } },
  { number: '4000000000000119', label: 'processing error', scenario: { kind: 'decline', reason: 'processing_error' } },
  { number: '4000000000000408', label: 'try again later', scenario: { kind: 'decline', reason: 'try_again_later' } },
  { number: '4100000000000019', label: 'fraudulent', scenario: { kind: 'decline', reason: 'fraudulent' } },
  { number: '4000000000000127', label: 'incorrect CVC', scenario: { kind: 'decline', reason: 'incorrect_cvc' } },
  { number: '4000000000000507', label: 'unsupported brand (the merchant does not take this card)', scenario: { kind: 'decline', reason: 'unsupported_brand' } },
  { number: '4000000000000606', label: 'incorrect details', scenario: { kind: 'decline', reason: 'incorrect_details' } },
  { number: '4000000000000002', label: 'generic decline', scenario: { kind: 'decline', reason: 'generic_decline' } },
  { number: '4000000000000705', label: 'not eligible', scenario: { kind: 'decline', reason: 'not_eligible' } },
  { number: '4000000000000101', label: 'no recurring charges (declined recurring_not_allowed when recurring)', scenario: { kind: 'no_recurring' } },
];
