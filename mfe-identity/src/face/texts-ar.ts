import type { FACE_TEXTS } from './texts';

/**
 * Arabic of the face scan, key for key with FACE_TEXTS. The page integrator moves these into
 * api/src/seed/translations-ar.ts (the page's Arabic comes from GET /translations).
 */
export const FACE_TEXTS_AR: Readonly<Record<keyof typeof FACE_TEXTS, string>> = {
  'identity.face.intro': 'انظر إلى الكاميرا وضع وجهك داخل الشكل البيضاوي. نتحقق من وجود شخص حقيقي، ثم نلتقط صورة واحدة.',
  'identity.face.privacy': 'تبقى صورة الكاميرا في متصفحك أثناء استعدادك. لا تُرسل إلا صورة واحدة، لهذا التحقق من الهوية فقط.',
  'identity.face.videoLabel': 'معاينة الكاميرا لوجهك',
  'identity.face.startingCamera': 'جارٍ تشغيل الكاميرا…',
  'identity.face.loadingModel': 'جارٍ تجهيز التحقق من الوجه…',
  'identity.face.feedback.no-face': 'لا نرى وجهًا. انظر إلى الكاميرا.',
  'identity.face.feedback.many-faces': 'نرى أكثر من وجه. يجب أن تكون وحدك في الصورة.',
  'identity.face.feedback.too-dark': 'المكان مظلم جدًا. واجه نافذة أو مصباحًا.',
  'identity.face.feedback.too-far': 'اقترب قليلًا حتى يملأ وجهك الشكل البيضاوي.',
  'identity.face.feedback.too-close': 'ابتعد قليلًا حتى يكون وجهك كله داخل الشكل البيضاوي.',
  'identity.face.feedback.not-centred': 'حرّك وجهك إلى وسط الشكل البيضاوي.',
  'identity.face.feedback.good': 'اثبت في مكانك.',
  'identity.face.challenge': 'الآن اقترب من الكاميرا قليلًا، ببطء.',
  'identity.face.challengeDone': 'شكرًا. جارٍ التقاط الصورة…',
  'identity.face.sending': 'جارٍ التحقق من صورتك…',
  'identity.face.sent': 'أُرسلت صورتك.',
  'identity.face.tryAgain': 'حاول مرة أخرى',
  'identity.face.otherWay': 'تابع دون الكاميرا',
  'identity.face.denied.title': 'الكاميرا محظورة لهذا الموقع',
  'identity.face.denied.text': 'للسماح بها، افتح إعدادات الموقع (الرمز بجوار شريط العنوان)، واضبط الكاميرا على «سماح» لهذا الموقع، ثم حاول مرة أخرى.',
  'identity.face.noCamera.title': 'لم نجد كاميرا',
  'identity.face.noCamera.text': 'لا يحتوي هذا الجهاز على كاميرا أمامية يمكننا استخدامها. حاول مرة أخرى من هاتف أو حاسوب به كاميرا.',
  'identity.face.busy.title': 'تعذّر تشغيل الكاميرا',
  'identity.face.busy.text': 'ربما يستخدمها تطبيق آخر. أغلق ذلك التطبيق، ثم حاول مرة أخرى.',
  'identity.face.unsupported.title': 'لا يمكن لهذا المتصفح استخدام الكاميرا',
  'identity.face.unsupported.text': 'افتح هذه الصفحة في متصفح حديث، مثل Chrome أو Safari أو Firefox أو Edge، عبر اتصال آمن.',
  'identity.face.modelFailed.title': 'تعذّر بدء التحقق من الوجه',
  'identity.face.modelFailed.text': 'لم يكتمل تحميل جزء من الصفحة، ربما بسبب انقطاع الاتصال. تحقق من اتصالك، ثم حاول مرة أخرى.',
};
