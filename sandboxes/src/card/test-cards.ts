import { TEST_CARDS as PUBLISHED_TEST_CARDS } from '@join/fixtures/test-cards';
import type { CardDeclineReason } from './decline-reasons';

/**
 * The sandbox's test cards (sandboxes/README.md has the table; the numbers are published in
 * @join/fixtures). Every number passes SPEC 5's rules (brand prefix, length, Luhn), so the hosted
 * fields accept it; what happens at the charge is the card's scenario. Any other valid number
 * succeeds. Expiry, CVV and name may be any valid value.
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

/** The cards as the provider publishes them (@join/fixtures/test-cards: the operator's tests pay with the same ones). */
export const TEST_CARDS: readonly TestCard[] = PUBLISHED_TEST_CARDS;

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
