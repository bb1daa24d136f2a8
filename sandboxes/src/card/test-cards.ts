import type { CardDeclineReason } from './decline-reasons';

/**
 * The sandbox's test cards (sandboxes/README.md has the table). Every number passes SPEC 5's rules
 * (brand prefix, length, Luhn), so the hosted fields accept it; what happens at the charge is the
 * card's scenario. Any other valid number succeeds. Expiry, CVV and name may be any valid value.
 *
 * token_invalid, authentication_failed and authentication_cancelled have no card: they come from
 * the flow (a used, expired or unknown token; a wrong 3-D Secure code three times; Cancel, or a
 * challenge left 15 minutes).
 */
export type CardScenario =
  | { kind: 'succeed' }
  | { kind: 'decline'; reason: Exclude<CardDeclineReason, 'token_invalid' | 'authentication_failed' | 'authentication_cancelled' | 'recurring_not_allowed'> }
  /** 3-D Secure challenge first; then the charge succeeds, or is declined for `then`. */
  | { kind: 'three_ds'; then: 'succeed' | 'insufficient_funds' }
  /** Succeeds, but refuses merchant-initiated (recurring) charges: declined recurring_not_allowed when recurring=true. */
  | { kind: 'no_recurring' };

export interface TestCard {
  number: string;
  label: string;
  scenario: CardScenario;
}

export const TEST_CARDS: readonly TestCard[] = [
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

const BY_NUMBER: ReadonlyMap<string, TestCard> = new Map(TEST_CARDS.map((c) => [c.number, c]));

/** The scenario of a card number (digits only); any other valid number succeeds. */
export function scenarioOf(digits: string): CardScenario {
  return BY_NUMBER.get(digits)?.scenario ?? { kind: 'succeed' };
}

/** The scenario's name as the token answer states it (e.g. "decline:fraudulent", "three_ds:succeed"). */
export function scenarioName(scenario: CardScenario): string {
  switch (scenario.kind) {
    case 'succeed':
    case 'no_recurring':
      return scenario.kind;
    case 'decline':
      return `decline:${scenario.reason}`;
    case 'three_ds':
      return `three_ds:${scenario.then}`;
  }
}
