import { fillText, fulfilmentPage, html, ltr, type Html } from '../html';
import type { Profile, ProfileState, ProfileStore } from './profiles';
import { sandboxTexts, type SandboxLanguage } from '../texts';

/**
 * The eSIM sandbox's pages for a human, in English or Arabic (?lang=): the "phone" at
 * GET /install, where a tester types or pastes an activation code and installs it as a phone's
 * LPA would after scanning the QR; and GET /, the profiles issued. Plain forms, no script.
 */
export type EsimLanguage = SandboxLanguage;

export type DownloadError = 'invalid_activation_code' | 'wrong_smdp_address' | 'unknown_matching_id' | 'already_installed' | 'expired';

const en = {
  brand: 'eSIM provisioning (sandbox)',
  otherLanguage: 'العربية',
  installTitle: 'Install an eSIM',
  installNote: 'This page plays the phone: paste the activation code from the thank-you page (or the text under its QR code) and install it, as a phone does after scanning the QR code. Nothing is installed on a real phone.',
  codeLabel: 'Activation code',
  codeHint: 'It starts with {{prefix}}, for example {{example}}',
  install: 'Install eSIM',
  installedTitle: 'eSIM installed',
  installed: 'The eSIM for {{msisdn}} is installed and switched on. The order page shows it as activated.',
  another: 'Install another eSIM',
  errors: {
    invalid_activation_code: 'This is not an activation code. Copy the whole code, starting with {{prefix}}.',
    wrong_smdp_address: 'This code belongs to another eSIM server ({{address}}). Use a code issued by this one ({{own}}).',
    unknown_matching_id: 'No eSIM was issued with this code. Check that it was copied in full.',
    already_installed: 'This eSIM is already installed on a phone. An activation code can be used once.',
    expired: 'This activation code has expired. Place a new eSIM order to get a new code.',
  } satisfies Record<DownloadError, string>,
  profilesTitle: 'eSIM profiles',
  profilesNote: 'Profiles this SM-DP+ issued, newest first. Ordering a number ending in {{suffix}} is refused (the sandbox’s failure mode).',
  none: 'No profiles yet.',
  caption: 'Profiles, newest first',
  number: 'Number',
  reference: 'Order',
  state: 'State',
  issued: 'Issued',
  states: { released: 'Ready to install', installed: 'Installed', expired: 'Expired' } satisfies Record<ProfileState, string>,
  toInstall: 'Go to the install page',
  notFoundTitle: 'Page not found',
  notFound: 'There is nothing at this address.',
};

// Typed as the English: a key missing in Arabic fails the type check.
const ar: typeof en = {
  brand: 'تجهيز الشرائح الإلكترونية (تجريبي)',
  otherLanguage: 'English',
  installTitle: 'تثبيت شريحة إلكترونية',
  installNote: 'تؤدي هذه الصفحة دور الهاتف: الصق رمز التفعيل من صفحة الشكر (أو النص أسفل رمز QR) وثبّته كما يفعل الهاتف بعد مسح رمز QR. لا يُثبَّت شيء على هاتف حقيقي.',
  codeLabel: 'رمز التفعيل',
  codeHint: 'يبدأ بـ {{prefix}}، مثلًا {{example}}',
  install: 'تثبيت الشريحة الإلكترونية',
  installedTitle: 'تم تثبيت الشريحة الإلكترونية',
  installed: 'تم تثبيت الشريحة الإلكترونية للرقم {{msisdn}} وتشغيلها. تعرضها صفحة الطلب على أنها مفعّلة.',
  another: 'تثبيت شريحة إلكترونية أخرى',
  errors: {
    invalid_activation_code: 'هذا ليس رمز تفعيل. انسخ الرمز كاملًا بدءًا من {{prefix}}.',
    wrong_smdp_address: 'هذا الرمز تابع لخادم شرائح إلكترونية آخر ({{address}}). استخدم رمزًا صادرًا من هذا الخادم ({{own}}).',
    unknown_matching_id: 'لم تصدر أي شريحة إلكترونية بهذا الرمز. تأكد من نسخه كاملًا.',
    already_installed: 'هذه الشريحة الإلكترونية مثبّتة على هاتف بالفعل. يُستخدم رمز التفعيل مرة واحدة فقط.',
    expired: 'انتهت صلاحية رمز التفعيل هذا. اطلب شريحة إلكترونية جديدة للحصول على رمز جديد.',
  },
  profilesTitle: 'ملفات الشرائح الإلكترونية',
  profilesNote: 'الملفات التي أصدرها خادم SM-DP+ هذا، الأحدث أولًا. يُرفض طلب أي رقم ينتهي بـ {{suffix}} (وضع الإخفاق في البيئة التجريبية).',
  none: 'لا توجد ملفات بعد.',
  caption: 'الملفات، الأحدث أولًا',
  number: 'الرقم',
  reference: 'الطلب',
  state: 'الحالة',
  issued: 'تاريخ الإصدار',
  states: { released: 'جاهزة للتثبيت', installed: 'مثبّتة', expired: 'منتهية الصلاحية' },
  toInstall: 'الانتقال إلى صفحة التثبيت',
  notFoundTitle: 'الصفحة غير موجودة',
  notFound: 'لا يوجد شيء على هذا العنوان.',
};

export const ESIM_TEXTS = sandboxTexts(en, ar);

const layout = (lang: EsimLanguage, title: string, body: Html, here: string): string => fulfilmentPage({ lang, title, texts: ESIM_TEXTS[lang], here, body });

export interface InstallState {
  /** What was typed, shown again with the error. */
  code?: string;
  error?: { kind: DownloadError; address?: string };
  installed?: Profile;
}

export function installPage(lang: EsimLanguage, smdpAddress: string, state: InstallState = {}): string {
  const t = ESIM_TEXTS[lang];
  const example = ltr(`LPA:1$${smdpAddress}$7KQ2M-XR4PD-9HN3C-WT6FB`);
  if (state.installed) {
    const body = html`<h1 id="title">${t.installedTitle}</h1>
<p class="success" role="status">${fillText(t.installed, { msisdn: ltr(`+${state.installed.msisdn}`) })}</p>
<p class="actions"><a class="secondary" href="/install?lang=${lang}">${t.another}</a></p>`;
    return layout(lang, t.installedTitle, body, '/install');
  }
  const error = state.error ? fillText(t.errors[state.error.kind], { address: ltr(state.error.address ?? ''), own: ltr(smdpAddress), prefix: ltr('LPA:1$') }) : null;
  const body = html`<h1 id="title">${t.installTitle}</h1>
<p class="note">${t.installNote}</p>
<form method="post" action="/install" novalidate>
<input type="hidden" name="lang" value="${lang}">
<div class="field">
<label for="activation_code">${t.codeLabel}</label>
<p id="code-hint" class="hint">${fillText(t.codeHint, { example, prefix: ltr('LPA:1$') })}</p>
<textarea id="activation_code" name="activation_code" rows="3" maxlength="500" required dir="ltr" spellcheck="false" autocapitalize="characters" autocomplete="off"${
    error ? html` aria-invalid="true" aria-describedby="code-hint code-error" autofocus` : html` aria-describedby="code-hint"`
  }>${state.code ?? ''}</textarea>
${error ? html`<p id="code-error" class="error">${error}</p>` : ''}
</div>
<div class="actions"><button type="submit" class="primary">${t.install}</button></div>
</form>`;
  return layout(lang, t.installTitle, body, state.code ? `/install?code=${encodeURIComponent(state.code)}` : '/install');
}

function date(at: number, lang: EsimLanguage): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-AE' : 'en-GB', { timeZone: 'Asia/Dubai', dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

export function profilesPage(lang: EsimLanguage, store: ProfileStore, rejectSuffix: string): string {
  const t = ESIM_TEXTS[lang];
  const profiles = store.list();
  const body = html`<h1 id="title">${t.profilesTitle}</h1>
<p class="note">${fillText(t.profilesNote, { suffix: ltr(rejectSuffix) })}</p>
<p><a href="/install?lang=${lang}">${t.toInstall}</a></p>
${
  profiles.length === 0
    ? html`<p>${t.none}</p>`
    : html`<div class="table-wrap" role="region" aria-labelledby="profiles-caption" tabindex="0"><table>
<caption id="profiles-caption">${t.caption}</caption>
<thead><tr><th scope="col">${t.number}</th><th scope="col">${t.reference}</th><th scope="col">${t.state}</th><th scope="col">${t.issued}</th></tr></thead>
<tbody>
${profiles.map((p) => {
  const state = store.state(p);
  return html`<tr><td class="mono" dir="ltr">+${p.msisdn}</td><td class="mono" dir="ltr">${p.reference}</td><td class="status ${state}">${t.states[state]}</td><td><time datetime="${new Date(p.createdAt).toISOString()}">${date(p.createdAt, lang)}</time></td></tr>`;
})}
</tbody>
</table></div>`
}`;
  return layout(lang, t.profilesTitle, body, '/');
}

export function notFoundPage(lang: EsimLanguage): string {
  const t = ESIM_TEXTS[lang];
  return layout(lang, t.notFoundTitle, html`<h1 id="title">${t.notFoundTitle}</h1>
<p>${t.notFound}</p>`, '/');
}
