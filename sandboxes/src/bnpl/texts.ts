/**
 * The BNPL sandbox's own words, in the product's two languages (SPEC: en and ar). The page's
 * language comes from `?lang=` on the checkout URL (the merchant appends it) and travels on in
 * every form.
 */
export type BnplLanguage = 'en' | 'ar';

const en = {
  brand: 'Spotii (sandbox)',
  otherLanguage: 'العربية',
  sandboxNote: 'This is a test buy-now-pay-later provider. No money moves and no credit check is real.',
  checkoutTitle: 'Pay in 4 with Spotii',
  merchant: 'Merchant',
  order: 'Order',
  total: 'Total',
  customer: 'Your e-mail',
  planTitle: 'Your plan: {{count}} payments, no interest',
  planLabel: 'Payment plan',
  today: 'Today',
  instalment: 'Payment {{number}}',
  // Sign-in step (a real BNPL asks for a one-time code sent to the customer's phone).
  signInTitle: 'Sign in to continue',
  otpSent: 'We sent a 6-digit code to the phone number on your Spotii account.',
  otpSandbox: 'Sandbox: your code is {{code}}.',
  otpLabel: 'Verification code',
  otpHint: '6 digits',
  otpInvalid: 'Enter the 6-digit code shown above.',
  otpWrong: 'That code is not right. Check it and try again ({{left}} tries left).',
  signedOutError: 'Sign in with your code before you approve.',
  continue: 'Continue',
  cancel: 'Cancel and return to {{merchant}}',
  // Decision step.
  decideTitle: 'Approve your payment plan',
  dueToday: 'You pay {{amount}} today, then {{rest}} more payments of {{share}} monthly.',
  approve: 'Approve and pay {{amount}} today',
  decline: 'Decline',
  // Outcomes.
  creditDeclinedTitle: 'Spotii cannot approve this purchase',
  creditDeclined: 'After checking your account we cannot offer you a payment plan for this purchase. Nothing was charged. Go back to choose another way to pay.',
  tooManyCodesTitle: 'Too many wrong codes',
  tooManyCodes: 'For your security this checkout is now closed. Nothing was charged.',
  expiredTitle: 'This checkout has expired',
  expired: 'A checkout stays open for 30 minutes. Nothing was charged. Go back and start the payment again.',
  approvedTitle: 'This payment plan is already approved',
  approved: 'You have already approved this checkout.',
  rejectedTitle: 'This checkout was declined',
  rejected: 'This checkout was declined or cancelled. Nothing was charged.',
  cancelledTitle: '{{merchant}} cancelled this checkout',
  cancelled: 'The shop withdrew this payment plan before taking any payment. Nothing was charged. Go back to the shop to see your order.',
  refundedTitle: 'This payment was refunded',
  refunded: 'The shop gave back everything you paid with this payment plan. No more payments are due.',
  backTo: 'Back to {{merchant}}',
  notFoundTitle: 'This checkout does not exist',
  notFound: 'The link may be incomplete. Go back to the shop and start the payment again.',
  badRequestTitle: 'This request cannot be completed',
  badRequest: 'The form was incomplete or malformed. Go back and try again.',
};

// Typed as the English: a key missing in Arabic fails the type check.
const ar: typeof en = {
  brand: 'Spotii (تجريبي)',
  otherLanguage: 'English',
  sandboxNote: 'هذا مزوّد تجريبي لخدمة "اشترِ الآن وادفع لاحقًا". لا تُنقل أي أموال ولا يُجرى أي فحص ائتماني حقيقي.',
  checkoutTitle: 'ادفع على 4 دفعات مع Spotii',
  merchant: 'التاجر',
  order: 'الطلب',
  total: 'الإجمالي',
  customer: 'بريدك الإلكتروني',
  planTitle: 'خطتك: {{count}} دفعات بلا فوائد',
  planLabel: 'خطة الدفع',
  today: 'اليوم',
  instalment: 'الدفعة {{number}}',
  signInTitle: 'سجّل الدخول للمتابعة',
  otpSent: 'أرسلنا رمزًا من 6 أرقام إلى رقم الهاتف المسجّل في حسابك لدى Spotii.',
  otpSandbox: 'بيئة تجريبية: رمزك هو {{code}}.',
  otpLabel: 'رمز التحقق',
  otpHint: '6 أرقام',
  otpInvalid: 'أدخل الرمز المكوّن من 6 أرقام الظاهر أعلاه.',
  otpWrong: 'هذا الرمز غير صحيح. تحقّق منه وحاول مرة أخرى (المحاولات المتبقية: {{left}}).',
  signedOutError: 'سجّل الدخول بالرمز قبل الموافقة.',
  continue: 'متابعة',
  cancel: 'إلغاء والعودة إلى {{merchant}}',
  decideTitle: 'وافق على خطة الدفع',
  dueToday: 'تدفع {{amount}} اليوم، ثم {{rest}} دفعات شهرية بقيمة {{share}} لكل منها.',
  approve: 'وافق وادفع {{amount}} اليوم',
  decline: 'رفض',
  creditDeclinedTitle: 'لا تستطيع Spotii الموافقة على عملية الشراء هذه',
  creditDeclined: 'بعد مراجعة حسابك، لا يمكننا أن نقدّم لك خطة دفع لعملية الشراء هذه. لم يُخصم أي مبلغ. ارجع لاختيار طريقة دفع أخرى.',
  tooManyCodesTitle: 'رموز خاطئة كثيرة',
  tooManyCodes: 'حفاظًا على أمانك، أُغلقت عملية الدفع هذه. لم يُخصم أي مبلغ.',
  expiredTitle: 'انتهت صلاحية عملية الدفع هذه',
  expired: 'تبقى عملية الدفع مفتوحة 30 دقيقة. لم يُخصم أي مبلغ. ارجع وابدأ الدفع من جديد.',
  approvedTitle: 'تمت الموافقة على خطة الدفع هذه مسبقًا',
  approved: 'لقد وافقت على عملية الدفع هذه من قبل.',
  rejectedTitle: 'رُفضت عملية الدفع هذه',
  rejected: 'رُفضت عملية الدفع هذه أو أُلغيت. لم يُخصم أي مبلغ.',
  cancelledTitle: 'ألغى {{merchant}} عملية الدفع هذه',
  cancelled: 'سحب المتجر خطة الدفع هذه قبل أخذ أي مبلغ. لم يُخصم أي مبلغ. ارجع إلى المتجر لرؤية طلبك.',
  refundedTitle: 'تم استرداد هذه الدفعة',
  refunded: 'أعاد المتجر كل ما دفعته بخطة الدفع هذه. لا توجد دفعات أخرى مستحقة.',
  backTo: 'العودة إلى {{merchant}}',
  notFoundTitle: 'عملية الدفع هذه غير موجودة',
  notFound: 'قد يكون الرابط ناقصًا. ارجع إلى المتجر وابدأ الدفع من جديد.',
  badRequestTitle: 'تعذّر إكمال هذا الطلب',
  badRequest: 'النموذج ناقص أو غير صالح. ارجع وحاول مرة أخرى.',
};

export const BNPL_TEXTS: Readonly<Record<BnplLanguage, typeof en>> = { en, ar };
export type BnplTexts = typeof en;

/** `?lang=ar` gives Arabic; anything else English. */
export function languageOf(value: unknown): BnplLanguage {
  return value === 'ar' ? 'ar' : 'en';
}

