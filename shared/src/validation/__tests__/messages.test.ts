import { z } from 'zod';
import '../../zod-config';
import { i18n } from '../../i18n/i18n';
import { localizeValidationMessage, validateConsent, validateRequired, VALIDATION_MESSAGES, validationText } from '../rules';
import { formSchema, textField } from '../field-schemas';
import { EN } from '../../i18n/en';

const AR = {
  'validation.required': 'حقل مطلوب',
  'validation.wrongValue': 'قيمة غير صحيحة',
  'validation.phone': 'الرقم غير صالح',
};

describe('validation messages through their keys', () => {
  afterEach(() => i18n.setLanguage('en'));

  it('has an English dictionary key for every catalogue message, word for word', () => {
    for (const [id, text] of Object.entries(VALIDATION_MESSAGES)) expect([id, (EN as Record<string, string>)[`validation.${id}`]]).toEqual([id, text]);
  });

  it('fails a rule with the message in the page language', () => {
    expect(validateRequired('')).toEqual({ valid: false, message: 'Required field' });
    i18n.set('ar', AR);
    i18n.setLanguage('ar');
    expect(validateRequired('')).toEqual({ valid: false, message: 'حقل مطلوب' });
    expect(validateConsent(false)).toEqual({ valid: false, message: 'حقل مطلوب' });
  });

  it('translates an English catalogue message a step built itself, and leaves other messages alone', () => {
    i18n.set('ar', AR);
    i18n.setLanguage('ar');
    expect(localizeValidationMessage(VALIDATION_MESSAGES.phone)).toBe('الرقم غير صالح');
    expect(localizeValidationMessage('This promo code is invalid')).toBe('This promo code is invalid');
    expect(localizeValidationMessage(undefined)).toBeUndefined();
    const schema = formSchema({ n: textField((v) => (v ? { valid: true } : { valid: false, message: VALIDATION_MESSAGES.required })) });
    expect(schema.safeParse({ n: '' }).error?.issues[0]?.message).toBe('حقل مطلوب');
  });

  it("replaces zod's own English messages with the catalogue's, in the page language", () => {
    i18n.set('ar', AR);
    i18n.setLanguage('ar');
    const schema = z.object({ name: z.string(), code: z.string().max(2) });
    const issues = schema.safeParse({ code: 'abc' }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'حقل مطلوب'],
      ['code', 'قيمة غير صحيحة'],
    ]);
    i18n.setLanguage('en');
    expect(validationText('wrongValue')).toBe('Wrong value');
  });
});
