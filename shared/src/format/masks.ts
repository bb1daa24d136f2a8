import { formatEmiratesId, isEmiratesIdComplete } from '../validation/rules';

/**
 * An input mask: what the field keeps of what was typed or pasted, and when the value is
 * complete ("a field is checked once its value is complete", SPEC 4). Plain functions, so the
 * field primitive and any test can use them without React.
 */
export interface InputMask {
  /** The displayed value for the raw text of the input (typed, pasted or deleted). */
  format(raw: string): string;
  /** True once nothing more is expected: the field is then checked and focus may move on. */
  isComplete(value: string): boolean;
  /** The longest displayed value (for maxLength). */
  maxLength: number;
  inputMode: 'numeric' | 'text';
}

// Eastern Arabic (٠-٩) and Persian (۰-۹) digits, as an Arabic keyboard types them.
const NON_LATIN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Any digit a keyboard may type, as ASCII: the masks and validators read ASCII digits only. */
export function toLatinDigits(raw: string): string {
  return raw.replace(NON_LATIN_DIGITS, (d) => String((d.codePointAt(0) ?? 0) & 0xf));
}

/** Emirates ID, 15 digits shown 3-4-7-1: 784-1980-1234567-1 (SPEC 5). */
export const emiratesIdMask: InputMask = {
  format: (raw) => formatEmiratesId(toLatinDigits(raw)),
  isComplete: isEmiratesIdComplete,
  maxLength: 18,
  inputMode: 'numeric',
};

/** Digits only, at most `max`; complete at `complete` digits (default: never, the person decides). */
export function digitsMask(max: number, complete = Number.POSITIVE_INFINITY): InputMask {
  return {
    format: (raw) => toLatinDigits(raw).replace(/\D/g, '').slice(0, max),
    isComplete: (value) => value.length >= complete,
    maxLength: max,
    inputMode: 'numeric',
  };
}
