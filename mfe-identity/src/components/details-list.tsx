import { formatEmiratesId, useLanguage, useT } from '@join/shared';
import type { DocumentDetails } from '@join/shared/identity';

/** A YYYY-MM-DD date as the page's language writes it (Latin digits, as the rest of the page); the day itself, whatever the time zone. */
export function formatIsoDate(iso: string, language: 'en' | 'ar'): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'long', numberingSystem: 'latn', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** The machine-readable zone's filler '<' between names, as a space. */
const readable = (name: string) => name.replace(/</g, ' ').replace(/\s+/g, ' ').trim();

/** The details read from the document, as a description list; numbers and codes kept left-to-right. */
export function DetailsList({ details }: { details: DocumentDetails }) {
  const t = useT();
  const { language } = useLanguage();
  const rows: [string, React.ReactNode][] = [
    ['identity.details.name', readable(`${details.given_names} ${details.surname}`)],
    [`identity.details.number.${details.kind}`, <bdi dir="ltr">{details.number}</bdi>],
    ...(details.id_number ? ([['identity.details.idNumber', <bdi dir="ltr">{formatEmiratesId(details.id_number)}</bdi>]] as [string, React.ReactNode][]) : []),
    ['identity.details.nationality', <bdi dir="ltr">{readable(details.nationality)}</bdi>],
    ['identity.details.birthDate', formatIsoDate(details.birth_date, language)],
    ['identity.details.expiry', formatIsoDate(details.expiry_date, language)],
    ['identity.details.sex', t(`identity.details.sex.${details.sex}`)],
  ];
  return (
    <dl className="identity-details">
      {rows.map(([key, value]) => (
        <div key={key} className="identity-details__row">
          <dt>{t(key)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
