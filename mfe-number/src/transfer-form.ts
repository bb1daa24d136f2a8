import { formSchema, textField, validateRequired, VALIDATION_MESSAGES, type InputMask, type ValidationResult } from '@join/shared';

/** A UAE mobile number as the visitor types it: 05 and 8 digits (spaces allowed). */
export const UAE_MOBILE = /^05\d{8}$/;
export const UAE_MOBILE_DIGITS = 10;

/** Only the digits of the number, as it will be sent. */
export const mobileDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** Digits, spaces and dashes as typed; complete at 10 digits (then checked, focus moves on). */
export const uaeMobileMask: InputMask = {
  format: (raw) => raw.replace(/[^\d\s-]/g, '').slice(0, 13),
  isComplete: (value) => mobileDigits(value).length >= UAE_MOBILE_DIGITS,
  maxLength: 13,
  inputMode: 'numeric',
};

function validateUaeMobile(value: string): ValidationResult {
  const digits = mobileDigits(value);
  if (digits === '') return { valid: false, message: VALIDATION_MESSAGES.required };
  return UAE_MOBILE.test(digits) ? { valid: true } : { valid: false, message: VALIDATION_MESSAGES.phone };
}

/** The switch-to-us form: the current number and its operator, both required (SPEC 5). */
export const transferFormSchema = formSchema({ number: textField(validateUaeMobile), operator: textField(validateRequired) });
