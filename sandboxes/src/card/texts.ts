import type { CardRuleMessageId } from './public/card-rules.js';
import { sandboxTexts, type SandboxLanguage } from '../texts';

/**
 * The card provider sandbox's own words in the product's two languages (SPEC: en and ar). The
 * hosted fields take the language from their `lang` parameter; the 3-D Secure page from the
 * language the card was typed in. The rule messages are SPEC 5's catalogue, word for word, and
 * the Arabic the product's dictionary has for them (shared/src/i18n/ar.ts).
 */
export type CardLanguage = SandboxLanguage;

/** The one-time code the sandbox's 3-D Secure challenge accepts (a real issuer sends one by SMS). */
export const SANDBOX_3DS_CODE = '123456';

const en = {
  brand: 'Sandbox card provider',
  fieldsTitle: 'Card details',
  sandboxNote: 'Test card provider: use a test card, for example 4242 4242 4242 4242.',
  number: 'Card number',
  numberHint: 'Visa, Mastercard or American Express',
  expiry: 'Expiry date',
  expiryHint: 'MM/YY',
  cvv: 'Security code (CVV)',
  cvvHint: '3 digits on the back of the card',
  cvvHintAmex: '4 digits on the front of the card',
  name: 'Name on card',
  nameHint: 'As printed on the card',
  summaryTitle: 'Please check the card details',
  brandUnknown: 'Card type not recognised yet',
  brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' },
  sending: 'Sending the card details securely…',
  network: 'The card details could not reach the payment provider. Check your connection and try again.',
  rejected: 'This card cannot be used here. Please use another card.',
  messages: {
    required: 'Required field',
    cardNumber: 'Incorrect card number, please check',
    date: 'Invalid date',
    wrongValue: 'Wrong value',
    nameEmpty: "Name can't be empty",
  } satisfies Record<CardRuleMessageId, string>,
  fieldsErrorTitle: 'The card form cannot be shown',
  fieldsErrors: {
    bad_request: 'The request is incomplete or malformed.',
    unknown_merchant: 'The shop that sent you here is not known to this payment provider.',
    origin: 'The site that shows this form is not allowed to receive card tokens for this shop.',
  },
  challengeTitle: 'Confirm your payment',
  challengeIntro: 'Your card issuer asks you to confirm this payment with a one-time code (3-D Secure).',
  merchant: 'Shop',
  amount: 'Amount',
  card: 'Card',
  cardEnding: '{{brand}} ending in {{last4}}',
  code: 'One-time code',
  codeHint: 'Sandbox: the code is {{code}}. A real bank sends it to your phone.',
  codeWrong: 'Wrong code. Attempts left: {{left}}',
  confirm: 'Confirm',
  cancel: 'Cancel payment',
  challengeGoneTitle: 'This payment cannot be confirmed',
  challengeGone: 'The confirmation link is unknown. Go back to the shop and start the payment again.',
};

// Typed as the English: a key missing in Arabic fails the type check.
const ar: typeof en = {
  brand: 'مزوّد البطاقات التجريبي',
  fieldsTitle: 'بيانات البطاقة',
  sandboxNote: 'مزوّد بطاقات تجريبي: استخدم بطاقة اختبار، مثل 4242 4242 4242 4242.',
  number: 'رقم البطاقة',
  numberHint: 'فيزا أو ماستركارد أو أمريكان إكسبريس',
  expiry: 'تاريخ الانتهاء',
  expiryHint: 'الشهر/السنة (MM/YY)',
  cvv: 'رمز الأمان (CVV)',
  cvvHint: '3 أرقام على ظهر البطاقة',
  cvvHintAmex: '4 أرقام على وجه البطاقة',
  name: 'الاسم على البطاقة',
  nameHint: 'كما هو مطبوع على البطاقة',
  summaryTitle: 'يُرجى التحقق من بيانات البطاقة',
  brandUnknown: 'لم يتم التعرّف على نوع البطاقة بعد',
  brands: { visa: 'فيزا', mastercard: 'ماستركارد', amex: 'أمريكان إكسبريس' },
  sending: 'جارٍ إرسال بيانات البطاقة بأمان…',
  network: 'تعذّر وصول بيانات البطاقة إلى مزوّد الدفع. تحقّق من اتصالك وحاول مرة أخرى.',
  rejected: 'لا يمكن استخدام هذه البطاقة هنا. يُرجى استخدام بطاقة أخرى.',
  messages: {
    required: 'حقل مطلوب',
    cardNumber: 'رقم البطاقة غير صحيح، يُرجى التحقق منه',
    date: 'تاريخ غير صالح',
    wrongValue: 'قيمة غير صحيحة',
    nameEmpty: 'لا يمكن أن يكون الاسم فارغًا',
  },
  fieldsErrorTitle: 'تعذّر عرض نموذج البطاقة',
  fieldsErrors: {
    bad_request: 'الطلب ناقص أو غير صالح.',
    unknown_merchant: 'المتجر الذي أرسلك إلى هنا غير معروف لدى مزوّد الدفع هذا.',
    origin: 'الموقع الذي يعرض هذا النموذج غير مسموح له باستلام رموز البطاقات لهذا المتجر.',
  },
  challengeTitle: 'تأكيد الدفع',
  // The Latin name is isolated (FSI … PDI) so the right-to-left text does not reorder it.
  challengeIntro: 'يطلب منك مُصدِر بطاقتك تأكيد هذا الدفع برمز لمرة واحدة (\u20683-D Secure\u2069).',
  merchant: 'المتجر',
  amount: 'المبلغ',
  card: 'البطاقة',
  cardEnding: '{{brand}} تنتهي بـ {{last4}}',
  code: 'رمز لمرة واحدة',
  codeHint: 'بيئة تجريبية: الرمز هو {{code}}. يرسله البنك الحقيقي إلى هاتفك.',
  codeWrong: 'رمز غير صحيح. المحاولات المتبقية: {{left}}',
  confirm: 'تأكيد',
  cancel: 'إلغاء الدفع',
  challengeGoneTitle: 'تعذّر تأكيد هذا الدفع',
  challengeGone: 'رابط التأكيد غير معروف. عُد إلى المتجر وابدأ الدفع من جديد.',
};

export const CARD_TEXTS = sandboxTexts(en, ar);
export type CardTexts = typeof en;
export type FieldsErrorReason = keyof CardTexts['fieldsErrors'];

