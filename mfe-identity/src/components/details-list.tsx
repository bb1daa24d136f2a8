import { formatEmiratesId } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import type { DocumentDetails } from '@join/shared/identity';
import { nationalityName } from './nationality';

/** A YYYY-MM-DD date as the page's language writes it (Latin digits, as the rest of the page); the day itself, whatever the time zone. */
export function formatIsoDate(iso: string, language: 'en' | 'ar'): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'long', numberingSystem: 'latn', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** The machine-readable zone's filler '<' between names, as a space. */
const readable = (name: string) => name.replace(/</g, ' ').replace(/\s+/g, ' ').trim();

/**
 * The details read from the document, as a description list; numbers and codes kept
 * left-to-right. The name is the document's own (Latin letters, as the machine-readable zone
 * writes it, in either language): `translate="no"` and `lang="en"` say so to translation tools and
 * screen readers. The nationality is named in the page's language (its code where the browser cannot name it).
 */
export function DetailsList({ details }: { details: DocumentDetails }) {
  const t = useT();
  const { language } = useLanguage();
  const nationality = nationalityName(details.nationality, language);
  const rows: [string, React.ReactNode][] = [
    [
      'identity.details.name',
      <bdi dir="ltr" lang="en" translate="no">
        {readable(`${details.given_names} ${details.surname}`)}
      </bdi>,
    ],
    [`identity.details.number.${details.kind}`, <bdi dir="ltr">{details.number}</bdi>],
    ...(details.id_number ? ([['identity.details.idNumber', <bdi dir="ltr">{formatEmiratesId(details.id_number)}</bdi>]] as [string, React.ReactNode][]) : []),
    ['identity.details.nationality', nationality ?? <bdi dir="ltr" translate="no">{readable(details.nationality)}</bdi>],
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
