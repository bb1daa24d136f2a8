import { fillText, fulfilmentPage, html, ltr, type Html } from '../html';
import type { Job, JobBoard, JobStatus } from './jobs';
import { sandboxTexts, type SandboxLanguage } from '../texts';

/**
 * The courier sandbox's one page for a human (GET /?lang=en|ar): the jobs, newest first, with
 * their status on the courier's clock, and the store desk's "Hand over" for a pickup that is
 * ready. Plain HTML, no script; a link refreshes it (no automatic refresh: WCAG 2.2.1).
 */
export type CourierLanguage = SandboxLanguage;

const en = {
  brand: 'Courier (sandbox)',
  otherLanguage: 'العربية',
  title: 'Courier jobs',
  note: 'A test last-mile courier. Jobs move one step every {{seconds}} seconds on the courier’s own clock; nothing is really delivered.',
  markers: 'Failure markers (type them into the delivery address, line 2 or instructions): {{fail}} fails at the door, {{reject}} is refused when booked, {{unavailable}} answers 503.',
  refresh: 'Refresh',
  none: 'No jobs yet.',
  caption: 'Jobs, newest first',
  job: 'Job',
  kind: 'Kind',
  reference: 'Order',
  where: 'Where',
  status: 'Status',
  eta: 'Arrives',
  cash: 'Cash to collect',
  action: 'Store desk',
  handOver: 'Hand over',
  handOverLabel: 'Hand over order {{reference}} to the customer',
  delivery: 'Delivery',
  pickup: 'Store pickup',
  store: 'Store {{store}}',
  statuses: {
    received: 'Received',
    preparing: 'Preparing',
    out_for_delivery: 'Out for delivery',
    delivered: 'Delivered',
    ready_for_pickup: 'Ready for pickup',
    collected: 'Collected',
    failed: 'Failed: recipient unreachable',
  } satisfies Record<JobStatus, string>,
  notFoundTitle: 'This job does not exist',
  notFound: 'It may have been forgotten (the sandbox keeps jobs for a day, in memory).',
  notReadyTitle: 'This order cannot be handed over yet',
  notReady: 'Only a store pickup that is ready for pickup can be handed over.',
  recipient: 'For: {{name}}, {{document}} {{number}}',
  passport: 'passport',
  emiratesId: 'Emirates ID',
  noRecipient: 'No verified customer: do not hand over.',
  checkDocument: 'I have seen the customer’s {{document}}: the name and the number match',
  notCheckedTitle: 'Check the customer’s document first',
  notChecked: 'Compare the document the customer shows with the name and number on the order, tick the box, then hand over.',
  noRecipientTitle: 'This order has no verified customer',
  noRecipientText: 'The operator sent no verified identity for it: it cannot be handed over. Ask the customer to contact the operator.',
  back: 'Back to the jobs',
};

// Typed as the English: a key missing in Arabic fails the type check.
const ar: typeof en = {
  brand: 'شركة التوصيل (تجريبية)',
  otherLanguage: 'English',
  title: 'مهام التوصيل',
  note: 'شركة توصيل تجريبية. تتقدّم كل مهمة خطوة واحدة كل {{seconds}} ثانية وفق ساعة شركة التوصيل نفسها؛ لا يُسلَّم شيء فعليًا.',
  markers: 'علامات الإخفاق (اكتبها في عنوان التوصيل أو السطر الثاني أو التعليمات): {{fail}} تخفق عند الباب، و{{reject}} تُرفض عند الحجز، و{{unavailable}} تُرجع 503.',
  refresh: 'تحديث',
  none: 'لا توجد مهام بعد.',
  caption: 'المهام، الأحدث أولًا',
  job: 'المهمة',
  kind: 'النوع',
  reference: 'الطلب',
  where: 'الوجهة',
  status: 'الحالة',
  eta: 'موعد الوصول',
  cash: 'المبلغ النقدي المطلوب تحصيله',
  action: 'مكتب المتجر',
  handOver: 'تسليم',
  handOverLabel: 'تسليم الطلب {{reference}} إلى العميل',
  delivery: 'توصيل',
  pickup: 'استلام من المتجر',
  store: 'المتجر {{store}}',
  statuses: {
    received: 'تم الاستلام',
    preparing: 'قيد التجهيز',
    out_for_delivery: 'في الطريق إليك',
    delivered: 'تم التوصيل',
    ready_for_pickup: 'جاهز للاستلام',
    collected: 'تم الاستلام من المتجر',
    failed: 'أخفق: تعذّر الوصول إلى المستلم',
  },
  notFoundTitle: 'هذه المهمة غير موجودة',
  notFound: 'ربما حُذفت (تحتفظ البيئة التجريبية بالمهام يومًا واحدًا في الذاكرة).',
  notReadyTitle: 'لا يمكن تسليم هذا الطلب بعد',
  notReady: 'لا يُسلَّم إلا طلب استلام من المتجر أصبح جاهزًا للاستلام.',
  recipient: 'المستلم: {{name}}، {{document}} {{number}}',
  passport: 'جواز السفر',
  emiratesId: 'الهوية الإماراتية',
  noRecipient: 'لا يوجد عميل تم التحقق منه: لا تُسلِّم الطلب.',
  checkDocument: 'اطّلعت على {{document}} الخاص بالعميل: الاسم والرقم متطابقان',
  notCheckedTitle: 'تحقّق من وثيقة العميل أولًا',
  notChecked: 'قارن الوثيقة التي يُبرزها العميل بالاسم والرقم في الطلب، وضع علامة في المربع، ثم سلِّم الطلب.',
  noRecipientTitle: 'لا يوجد عميل تم التحقق منه لهذا الطلب',
  noRecipientText: 'لم يُرسل المشغّل هوية تم التحقق منها لهذا الطلب، فلا يمكن تسليمه. اطلب من العميل التواصل مع المشغّل.',
  back: 'العودة إلى المهام',
};

export const COURIER_TEXTS = sandboxTexts(en, ar);

const layout = (lang: CourierLanguage, title: string, body: Html, here: string): string => fulfilmentPage({ lang, title, texts: COURIER_TEXTS[lang], here, body });

/** A time of day in the UAE (UTC+4), as a courier's dispatcher reads it. */
function clock(at: number, lang: CourierLanguage): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-AE' : 'en-GB', { timeZone: 'Asia/Dubai', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);
}

function aed(fils: number, lang: CourierLanguage): string {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-AE' : 'en-AE', { style: 'currency', currency: 'AED', numberingSystem: 'latn' }).format(fils / 100);
}

/** The phone as a dispatcher's list shows it: the last three digits only. */
const maskedPhone = (phone: string) => (phone.length > 3 ? `•••${phone.slice(-3)}` : phone);

function where(t: typeof en, job: Job): Html {
  if (job.kind === 'pickup') return html`${fillText(t.store, { store: job.store ?? '' })}`;
  const d = job.dropoff;
  if (!d) return html``;
  return html`<bdi>${d.address}</bdi>${d.address_2 ? html`, <bdi>${d.address_2}</bdi>` : ''} <span class="mono" dir="ltr">${maskedPhone(d.phone)}</span>`;
}

const documentName = (t: typeof en, kind: 'passport' | 'emirates_id') => (kind === 'passport' ? t.passport : t.emiratesId);

/**
 * The desk's hand-over of a ready pickup: the verified recipient, and a box the clerk
 * ticks after comparing the presented document with it; without a verified recipient, no form.
 */
function deskHandOver(t: typeof en, job: Job, lang: CourierLanguage): Html {
  const r = job.recipient;
  if (!r) return html`<p class="note">${t.noRecipient}</p>`;
  const document = documentName(t, r.document_kind);
  const box = `check-${job.id}`;
  return html`<p>${fillText(t.recipient, { name: `\u2068${r.name}\u2069`, document, number: ltr(r.document_number_masked) })}</p>
<form method="post" action="/desk/${job.id}/collect"><input type="hidden" name="lang" value="${lang}">
<p><input type="checkbox" id="${box}" name="document_checked" required> <label for="${box}">${fillText(t.checkDocument, { document })}</label></p>
<button type="submit" class="secondary" aria-label="${fillText(t.handOverLabel, { reference: job.reference })}">${t.handOver}</button></form>`;
}

export function jobsPage(lang: CourierLanguage, board: JobBoard): string {
  const t = COURIER_TEXTS[lang];
  const jobs = board.list();
  const rows = jobs.map((job) => {
    const view = board.view(job);
    const canHandOver = job.kind === 'pickup' && view.status === 'ready_for_pickup';
    return html`<tr>
<td class="mono" dir="ltr">${job.id}</td>
<td>${job.kind === 'pickup' ? t.pickup : t.delivery}</td>
<td class="mono" dir="ltr">${job.reference}</td>
<td>${where(t, job)}</td>
<td class="status ${view.status}">${t.statuses[view.status]}</td>
<td>${view.eta === null ? '' : html`<time datetime="${new Date(view.eta).toISOString()}">${clock(view.eta, lang)}</time>`}</td>
<td dir="ltr">${job.cash_on_delivery > 0 ? aed(job.cash_on_delivery, lang) : ''}</td>
<td>${canHandOver ? deskHandOver(t, job, lang) : ''}</td>
</tr>`;
  });
  const body = html`<h1 id="title">${t.title}</h1>
<p class="note">${fillText(t.note, { seconds: Math.round(board.stepMs / 100) / 10 })}</p>
<p class="note">${fillText(t.markers, { fail: ltr('courier-fail'), reject: ltr('courier-reject'), unavailable: ltr('courier-unavailable') })}</p>
<p><a class="refresh" href="/?lang=${lang}">${t.refresh}</a></p>
${
  jobs.length === 0
    ? html`<p>${t.none}</p>`
    : html`<div class="table-wrap" role="region" aria-labelledby="jobs-caption" tabindex="0"><table>
<caption id="jobs-caption">${t.caption}</caption>
<thead><tr><th scope="col">${t.job}</th><th scope="col">${t.kind}</th><th scope="col">${t.reference}</th><th scope="col">${t.where}</th><th scope="col">${t.status}</th><th scope="col">${t.eta}</th><th scope="col">${t.cash}</th><th scope="col">${t.action}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`
}`;
  return layout(lang, t.title, body, '/');
}

export function messagePage(lang: CourierLanguage, kind: 'not_found' | 'not_ready' | 'not_checked' | 'no_recipient'): string {
  const t = COURIER_TEXTS[lang];
  const texts = {
    not_found: [t.notFoundTitle, t.notFound],
    not_ready: [t.notReadyTitle, t.notReady],
    not_checked: [t.notCheckedTitle, t.notChecked],
    no_recipient: [t.noRecipientTitle, t.noRecipientText],
  } as const;
  const [title, text] = texts[kind];
  return layout(lang, title, html`<h1 id="title">${title}</h1>
<p>${text}</p>
<p><a href="/?lang=${lang}">${t.back}</a></p>`, '/');
}
