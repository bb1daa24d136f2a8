import type { TranslationKey } from './translations-en';

/** Arabic texts for container `web`; typed against the English keys so none is forgotten. */
export const TRANSLATIONS_AR: Record<TranslationKey, string> = {
  'app.title': 'شريحة السائح',
  STEP_TITLE_PLAN: 'اختر باقتك',
  STEP_TITLE_NUMBER: 'اختر رقمك',
  STEP_TITLE_ACCOUNT: 'سجّل الدخول أو أنشئ حسابًا',
  LOADING_MESSAGE_PLAN: 'جارٍ تحميل الباقات…',
  LOADING_MESSAGE_NUMBER: 'نبحث لك عن رقم…',
  LOADING_MESSAGE_ACCOUNT: 'جارٍ تحميل حسابك…',
  'footer.help': 'المساعدة',
  'footer.legal': 'الشروط والخصوصية',
  'footer.logout': 'تسجيل الخروج',
  'plan.select': 'اختر هذه الباقة',
  'number.accept': 'خذ هذا الرقم',
  'number.another': 'اعرض رقمًا آخر',
  'number.cancel': 'ألغِ حجز هذا الرقم',
};
