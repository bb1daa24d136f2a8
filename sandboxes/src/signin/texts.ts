/**
 * The sign-in sandbox's own words, in the two languages of the product (SPEC: en and ar). The
 * page's language comes from the request's ui_locales, as Google's chooser does.
 */
import { sandboxTexts, type SandboxLanguage } from '../texts';
export type SigninLanguage = SandboxLanguage;

const en = {
  brand: 'Sandbox sign-in',
  pageTitle: 'Sign in – Sandbox sign-in',
  chooseTitle: 'Choose an account',
  continueTo: 'to continue to {{site}}',
  sandboxNote: 'This is a test sign-in provider. No real account is used: pick a test account or type any e-mail address.',
  accountsLabel: 'Test accounts',
  unverified: 'E-mail not verified',
  another: 'Use another account',
  email: 'E-mail',
  name: 'Name',
  optional: '(optional)',
  continue: 'Continue',
  cancel: 'Cancel',
  emailInvalid: 'Enter an e-mail address such as name@example.com.',
  nameInvalid: 'Use at most 100 characters, without < or >.',
  errorTitle: 'This sign-in request cannot be completed',
  errorAdvice: 'Close this window and start the sign-in again from the site.',
  signingIn: 'Signing you in…',
  cancelled: 'Sign-in cancelled',
  noOpener: 'This window was not opened by the site that asked to sign you in, so nothing was sent. You can close it.',
  noScript: 'Turn on JavaScript to finish signing in.',
  reasons: {
    unknown_client: 'The site that sent you here is not registered with this provider.',
    redirect_uri: 'The site that sent you here is not allowed to receive this sign-in.',
    response_type: 'The site asked for a kind of answer this provider does not give (only an ID token by web message).',
    scope: 'The site did not ask for an OpenID sign-in (scope openid).',
    nonce: 'The request has no nonce: the site must send one.',
    bad_request: 'The request is incomplete or malformed.',
  unknown_account: 'That test account does not exist.',
  },
};

// Typed as the English: a key missing in Arabic fails the type check.
const ar: typeof en = {
  brand: 'تسجيل دخول تجريبي',
  pageTitle: 'تسجيل الدخول – تسجيل دخول تجريبي',
  chooseTitle: 'اختر حسابًا',
  continueTo: 'للمتابعة إلى {{site}}',
  sandboxNote: 'هذا مزوّد تجريبي لتسجيل الدخول. لا يُستخدم أي حساب حقيقي: اختر حساب اختبار أو اكتب أي عنوان بريد إلكتروني.',
  accountsLabel: 'حسابات الاختبار',
  unverified: 'البريد الإلكتروني غير مؤكَّد',
  another: 'استخدام حساب آخر',
  email: 'البريد الإلكتروني',
  name: 'الاسم',
  optional: '(اختياري)',
  continue: 'متابعة',
  cancel: 'إلغاء',
  emailInvalid: 'أدخل عنوان بريد إلكتروني مثل name@example.com.',
  nameInvalid: 'استخدم 100 حرف كحد أقصى، بدون < أو >.',
  errorTitle: 'تعذّر إكمال طلب تسجيل الدخول هذا',
  errorAdvice: 'أغلق هذه النافذة وابدأ تسجيل الدخول من جديد من الموقع.',
  signingIn: 'جارٍ تسجيل دخولك…',
  cancelled: 'تم إلغاء تسجيل الدخول',
  noOpener: 'لم يفتح هذه النافذةَ الموقعُ الذي طلب تسجيل دخولك، لذلك لم يُرسَل شيء. يمكنك إغلاقها.',
  noScript: 'فعّل JavaScript لإكمال تسجيل الدخول.',
  reasons: {
    unknown_client: 'الموقع الذي أرسلك إلى هنا غير مسجَّل لدى هذا المزوّد.',
    redirect_uri: 'الموقع الذي أرسلك إلى هنا غير مسموح له باستلام تسجيل الدخول هذا.',
    response_type: 'طلب الموقع نوع إجابة لا يقدّمه هذا المزوّد (رمز هوية عبر رسالة ويب فقط).',
    scope: 'لم يطلب الموقع تسجيل دخول OpenID (النطاق openid).',
    nonce: 'الطلب بلا nonce: يجب أن يرسله الموقع.',
    bad_request: 'الطلب ناقص أو غير صالح.',
  unknown_account: 'حساب الاختبار هذا غير موجود.',
  },
};

export const SIGNIN_TEXTS = sandboxTexts(en, ar);

export type SigninTexts = typeof en;
export type SigninErrorReason = keyof SigninTexts['reasons'];

/** The first of the space-separated ui_locales tags this sandbox speaks; English otherwise. */
export function languageOf(uiLocales: string | undefined): SigninLanguage {
  for (const tag of (uiLocales ?? '').split(/\s+/)) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'ar' || primary === 'en') return primary;
  }
  return 'en';
}

