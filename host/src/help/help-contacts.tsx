import { useAtomValue } from 'jotai';
import { Clock, ExternalLink, Mail, MessageCircle, Phone } from 'lucide';
import { bizConfigAtom, formatPhoneForReading } from '@join/shared';
import { useT } from '@join/shared/react';
import { Icon } from '@join/shared/ui';
import { telHref } from './format-phone';

/** The ways to reach the operator, as the business config gives them; nothing when it gives none. */
export function HelpContacts() {
  const t = useT();
  const config = useAtomValue(bizConfigAtom);
  const support = config.status === 'ready' ? config.config.support : null;
  if (!support || (!support.phone && !support.chat_url && !support.email)) return null;
  const { phone, chat_url: chat, email, hours } = support;
  return (
    <section className="help__section" aria-labelledby="help-contact-title">
      <h3 id="help-contact-title" className="help__heading">
        {t('help.contact.title')}
      </h3>
      <ul className="help__contacts">
        {phone ? (
          <li>
            <a className="help__contact" href={telHref(phone)}>
              <Icon icon={Phone} />
              <span>{t('help.contact.call')}</span>
              <bdi dir="ltr" className="help__value">
                {formatPhoneForReading(phone)}
              </bdi>
            </a>
          </li>
        ) : null}
        {chat ? (
          <li>
            <a className="help__contact" href={chat} target="_blank" rel="noopener noreferrer">
              <Icon icon={MessageCircle} />
              <span>{t('help.contact.chat')}</span>
              <Icon icon={ExternalLink} className="help__external" />
              <span className="visually-hidden">{t('help.contact.newTab')}</span>
            </a>
          </li>
        ) : null}
        {email ? (
          <li>
            <a className="help__contact" href={`mailto:${email}`}>
              <Icon icon={Mail} />
              <span>{t('help.contact.email')}</span>
              <bdi dir="ltr" className="help__value">
                {email}
              </bdi>
            </a>
          </li>
        ) : null}
      </ul>
      <p className="help__hours muted">
        <Icon icon={Clock} />
        <span>{hours ? t('help.contact.hours', { opens: hours.opens, closes: hours.closes }) : t('help.contact.allDay')}</span>
      </p>
    </section>
  );
}
