import { z } from 'zod';
import { localizeValidationMessage, validateConsent, validateEmiratesId, type ValidationResult } from './rules';

/**
 * zod schemas for form fields, built from the rules of rules.ts so a form (react-hook-form
 * with the zod resolver) fails with the same catalogue message as the rule, word for word, in
 * the page's language (a rule that wrote the English constant itself is translated here too).
 */
function fieldFrom<T>(base: z.ZodType<T, T>, rule: (value: T) => ValidationResult): z.ZodType<T, T> {
  return base.superRefine((value, ctx) => {
    const result = rule(value);
    if (!result.valid) ctx.addIssue({ code: 'custom', message: localizeValidationMessage(result.message) });
  });
}

/** A text field checked by a rule of rules.ts. */
export const textField = (rule: (value: string) => ValidationResult) => fieldFrom(z.string(), rule);

export const emiratesIdField = () => textField(validateEmiratesId);
/** A consent that must be ticked (SPEC 5). */
export const consentField = () => fieldFrom(z.boolean(), validateConsent);

/**
 * A form's schema from its fields. Steps build their forms with this instead of importing
 * zod, so zod stays one copy in the page (inside the kernel) rather than one per step bundle.
 */
export const formSchema = <S extends Record<string, z.ZodType>>(fields: S) => z.object(fields);
