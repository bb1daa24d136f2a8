import type { Matcher } from '@testing-library/react';

/**
 * Matches a phone number drawn by the kernel's PhoneNumberText: its groups are separate
 * elements (058 | 000 | 0001), so the text is matched on the whole element, which must hold
 * exactly these digits (no space) and, with `selector`, be that element.
 */
export function phoneNumberText(digits: string, selector = '.phone-number'): Matcher {
  return (_content, element) => element !== null && element.matches(selector) && element.textContent === digits && element.querySelectorAll('.phone-number__group').length === 3;
}
