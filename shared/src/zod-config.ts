import { z } from 'zod';
import { i18n } from './i18n/i18n';
import { setValidationTranslator, validationText } from './validation/rules';

/**
 * zod 4 compiles object parsers with `new Function` unless told not to; the product's CSP
 * forbids eval, so in the browser the probe alone is a CSP violation. Parse without JIT.
 * Imported first by the browser entry (index.ts); the Node server keeps the JIT.
 *
 * zod's own messages ("Invalid input: expected string, received undefined") are English
 * developer texts. In the browser a form field failing a plain zod check shows the SPEC 5
 * catalogue message instead, through its dictionary key (validation.*), in the page's language:
 * a missing value is "Required field", any other failed check "Wrong value". A message a
 * schema sets itself (the rules' custom issues) is kept.
 */
// The rules of SPEC 5 fail in the page's language (rules.ts stays free of the i18n instance).
setValidationTranslator((key) => i18n.t(key));

z.config({
  jitless: true,
  customError: (issue) => {
    if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) return validationText('required');
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.input === '') return validationText('required');
    if (['too_small', 'too_big', 'invalid_format', 'invalid_value', 'invalid_type', 'not_multiple_of'].includes(issue.code ?? '')) {
      return validationText('wrongValue');
    }
    return undefined;
  },
});
