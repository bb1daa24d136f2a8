import { activationCode, EN_TRANSLATIONS, type TranslationKey } from '@join/shared/contract';
import type { MailMessage } from '../../platform/mail/mailer';
import type { OrderRecord, StoreLocationRecord } from './repository';
import { AR_TRANSLATIONS } from '@join/shared/texts-ar';
import type { MailLanguage } from '../account';
import { formatFils, mail, readableNumber, type Row } from '../payment';

/**
 * The order confirmation e-mails, in the request's language, from the delivery texts
 * (DELIVERY_TEXTS in English, the Arabic dictionary): a delivery (where to, the courier's contact
 * number, what to pay on delivery), a store pickup (which store, what to pay there) and an eSIM
 * (the activation code as text; the QR code is the confirmation page's). The layout and the
 * left-to-right isolates of numbers are the payment e-mails' (payment-mail.ts).
 */
type OrderMailKey = Extract<TranslationKey, `delivery.mail.${string}`>;

function text(language: MailLanguage, key: OrderMailKey, values: Record<string, string> = {}): string {
  const template = (language === 'ar' ? AR_TRANSLATIONS[key] : undefined) ?? EN_TRANSLATIONS[key];
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A phone in international form as dialled from anywhere: +971501234567. */
const dialable = (phone: string): string => `+${phone}`;

export function orderMail(to: string, order: OrderRecord, store: StoreLocationRecord | null, language: MailLanguage): MailMessage {
  const t = (key: OrderMailKey, values?: Record<string, string>) => text(language, key, values);
  const rows: Row[] = [
    { label: t('delivery.mail.order'), value: order.orderNumber, ltr: true },
    { label: t('delivery.mail.number'), value: readableNumber(order.msisdn), ltr: true },
  ];
  if (order.kind === 'delivery' && order.delivery) {
    const d = order.delivery;
    rows.push({ label: t('delivery.mail.address'), value: [d.address, d.address2].filter((s) => s !== '').join(', ') });
    rows.push({ label: t('delivery.mail.phone'), value: dialable(d.phone), ltr: true });
    if (order.amountDueFils > 0) rows.push({ label: t('delivery.mail.dueOnDelivery'), value: formatFils(order.amountDueFils, language), ltr: true });
  }
  if (order.kind === 'pickup' && store) {
    rows.push({ label: t('delivery.mail.store'), value: store.name[language] });
    rows.push({ label: t('delivery.mail.storeAddress'), value: store.address[language] });
    if (order.amountDueFils > 0) rows.push({ label: t('delivery.mail.dueAtStore'), value: formatFils(order.amountDueFils, language), ltr: true });
  }
  if (order.kind === 'esim' && order.esim) {
    rows.push({ label: t('delivery.mail.activationCode'), value: activationCode(order.esim.smdpAddress, order.esim.matchingId), ltr: true });
    rows.push({ label: t('delivery.mail.smdpAddress'), value: order.esim.smdpAddress, ltr: true });
    rows.push({ label: t('delivery.mail.matchingId'), value: order.esim.matchingId, ltr: true });
  }
  const kind = order.kind;
  return mail(to, language, t(`delivery.mail.${kind}.subject`, { order: order.orderNumber }), t(`delivery.mail.${kind}.intro`), rows, [t('delivery.mail.follow')]);
}
