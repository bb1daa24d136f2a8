import type { ArabicTexts } from '../arabic-texts';
import type { HELP_TEXTS } from './texts';

/**
 * The help modal's texts (help for each step, ways to reach us, feedback) in Arabic: every key of texts.ts, a plural stem with all six Arabic forms
 * (`<key>.zero|one|two|few|many|other`). The API serves them (GET /translations) and writes its
 * e-mails from them; the browser gets them from there, so no browser entry imports this file
 * (only the Node entry `@join/shared/texts-ar` does).
 */
export const HELP_TEXTS_AR: ArabicTexts<typeof HELP_TEXTS> = {
  'help.text': 'مساعدة للخطوة التي أنت فيها، وطرق التواصل مع فريقنا، ومكان لتخبرنا برأيك.',
  'help.topicsLabel': 'مساعدة لهذه الخطوة',
  'help.start.title': 'البداية',
  'help.start.text': 'اختر باقة ثم رقمًا، وبعد ذلك تسجّل الدخول وتتحقق من هويتك وتدفع وتختار التوصيل. نحتفظ باختياراتك على هذا الجهاز.',
  'help.plan.title': 'اختيار الباقة',
  'help.plan.text': 'قارن البيانات ودقائق المكالمات المحلية والدولية ومدة كل باقة بالأيام. الأسعار شاملة ضريبة القيمة المضافة، ويمكنك تغيير الباقة حتى تدفع.',
  'help.number.title': 'رقمك الجديد',
  'help.number.text': 'خذ الرقم المقترح أو اطلب رقمًا آخر. الرقم الذي تأخذه نحجزه لك لمدة محدودة تظهر على الشاشة.',
  'help.search.title': 'البحث عن رقم',
  'help.search.text': 'اكتب الأرقام التي تريدها في رقمك، أو الأرقام التي ينتهي بها. في الأرقام المميزة خانات متكررة.',
  'help.vip.title': 'الأرقام المميزة',
  'help.vip.text': 'يأتي الرقم المميز مع باقة مميزة من فئته لمدة 12 شهرًا. ترى سعر الباقة قبل أن تؤكد، ولا يمكن تغييرها لاحقًا.',
  'help.transfer.title': 'الاحتفاظ برقمك',
  'help.transfer.text': 'أدخل الرقم الذي تستخدمه مع مشغّل آخر في الإمارات. يحلّ محله رقم مؤقت حتى يكتمل النقل.',
  'help.login.title': 'تسجيل الدخول',
  'help.login.text': 'سجّل الدخول أو أنشئ حسابًا ببريدك الإلكتروني لتتابع طلبك. نحتفظ بباقتك ورقمك في أثناء ذلك.',
  'help.identity.title': 'التحقق من هويتك',
  'help.identity.text': 'تشترط أنظمة الإمارات التحقق من هوية كل من يشتري شريحة. جهّز جواز سفرك؛ يحتاج المسح إلى الكاميرا وإضاءة جيدة.',
  'help.payment.title': 'الدفع',
  'help.payment.text': 'نقبل بطاقات فيزا وماستركارد وأمريكان إكسبريس. تذهب بيانات بطاقتك مباشرة إلى مزوّد الدفع.',
  'help.delivery.title': 'التوصيل',
  'help.delivery.text': 'أدخل عنوانًا داخل الإمارات ورقم هاتف يستطيع المندوب الاتصال بك عليه.',
  'help.done.title': 'طلبك',
  'help.done.text': 'تم تقديم طلبك. احتفظ برسالة التأكيد في بريدك؛ فيها رقم طلبك إن تواصلت معنا.',
  'help.contact.title': 'تواصل معنا',
  'help.contact.call': 'اتصل بنا',
  'help.contact.chat': 'راسلنا في المحادثة',
  'help.contact.email': 'راسلنا بالبريد الإلكتروني',
  'help.contact.newTab': '(يُفتح في علامة تبويب جديدة)',
  'help.contact.hours': 'يوميًا، من {{opens}} إلى {{closes}} (بتوقيت الإمارات)',
  'help.contact.allDay': 'نجيب على مدار الساعة.',
  'feedback.title': 'أخبرنا برأيك',
  'feedback.label': 'ملاحظاتك',
  'feedback.count': '{{count}} / {{max}}',
  'feedback.send': 'أرسل الملاحظات',
  'feedback.sending': 'جارٍ الإرسال…',
  'feedback.thanks': 'شكرًا لك! وصلت ملاحظاتك إلى فريقنا.',
  'feedback.another': 'اكتب ملاحظة أخرى',
  'feedback.error.required': 'اكتب بضع كلمات أولًا.',
  'feedback.error.tooLong': 'استخدم {{max}} حرفًا على الأكثر (الآن {{count}}).',
  'feedback.error.forbidden': 'احذف {{chars}}: هذه الرموز غير مقبولة.',
  'feedback.rateLimited': 'أرسلت عدة ملاحظات للتو. يُرجى المحاولة مجددًا بعد بضع دقائق.',
  'feedback.failed': 'تعذّر إرسال ملاحظاتك. تحقّق من اتصالك وحاول مجددًا؛ نصّك محفوظ.',
};
