import { useAtomValue } from 'jotai';
import { Mail, Phone } from 'lucide';
import { bizConfigAtom, formatPhoneForReading } from '@join/shared';
import { Icon } from '@join/shared/ui';

/**
 * The operator's phone and e-mail from the business config (its `support`), as links; nothing
 * when the config has neither. The caller gives the words (its own keys, already translated).
 */
export function SupportContacts({ id, title, call, write }: { id: string; title: string; call: string; write: string }) {
  const config = useAtomValue(bizConfigAtom);
  const support = config.status === 'ready' ? config.config.support : null;
  if (!support || (!support.phone && !support.email)) return null;
  return (
    <section className="identity-contact" aria-labelledby={id}>
      <h3 id={id} className="identity-contact__title">
        {title}
      </h3>
      <ul className="identity-contact__list">
        {support.phone ? (
          <li>
            <a className="identity-contact__link" href={`tel:+${support.phone}`}>
              <Icon icon={Phone} />
              <span>{call}</span>
              <bdi dir="ltr">{formatPhoneForReading(support.phone)}</bdi>
            </a>
          </li>
        ) : null}
        {support.email ? (
          <li>
            <a className="identity-contact__link" href={`mailto:${support.email}`}>
              <Icon icon={Mail} />
              <span>{write}</span>
              <bdi dir="ltr">{support.email}</bdi>
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
