import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLanguage, useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';
import { retailApi, type AuditEntry } from '@join/shared/retail';
import { AsWritten, RetailAlert } from './retail-page';
import { useShopName } from './use-retail-device';

/** A date of the device's own calendar as YYYY-MM-DD (an audit range's default: today). */
export function localDate(d: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The manager's shop's audit for a date range (default today), as a table (GET /retail/audit). */
export function AuditSection() {
  const t = useT();
  const id = useId();
  const shopName = useShopName();
  const [range, setRange] = useState(() => ({ from: localDate(), to: localDate() }));
  const [draft, setDraft] = useState(range);
  const audit = useQuery({ queryKey: ['retail', 'audit', range.from, range.to], queryFn: () => retailApi.audit(range), gcTime: 0 });
  return (
    <section className="retail-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('retail.audit.title')}</h2>
      <form
        className="retail-range"
        onSubmit={(e) => {
          e.preventDefault();
          // The same range again asks the server again: the manager wants what happened since.
          if (draft.from === range.from && draft.to === range.to) void audit.refetch();
          else setRange(draft);
        }}
      >
        <label htmlFor={`${id}-from`}>{t('retail.audit.from')}</label>
        <input id={`${id}-from`} type="date" value={draft.from} max={draft.to} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} required />
        <label htmlFor={`${id}-to`}>{t('retail.audit.to')}</label>
        <input id={`${id}-to`} type="date" value={draft.to} min={draft.from} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })} required />
        <Button type="submit" className="retail-button" busy={audit.isFetching}>
          {t('retail.audit.show')}
        </Button>
      </form>
      {audit.isError ? <RetailAlert>{t('retail.error.network')}</RetailAlert> : null}
      {audit.data ? <AuditTable caption={t('retail.audit.caption', { shop: shopName(audit.data.shop) })} entries={audit.data.entries} /> : null}
    </section>
  );
}

function AuditTable({ caption, entries }: { caption: string; entries: AuditEntry[] }) {
  const t = useT();
  const { language } = useLanguage();
  const time = new Intl.DateTimeFormat(language === 'ar' ? 'ar-AE' : 'en-AE', { dateStyle: 'medium', timeStyle: 'short' });
  if (entries.length === 0) return <p role="status">{t('retail.audit.empty')}</p>;
  return (
    // A table wider than a phone scrolls: keyboard users reach it too (WCAG 2.1.1, axe scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="retail-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="retail-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {(['time', 'action', 'staff', 'device', 'ref'] as const).map((col) => (
              <th key={col} scope="col">
                {t(`retail.audit.${col}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>
                <time dateTime={e.at}>{time.format(new Date(e.at))}</time>
              </td>
              <td>{t(`retail.audit.action.${e.action}`)}</td>
              <td>
                <AsWritten>{e.staff_name ? `${e.staff_name} (${e.staff_id ?? ''})` : (e.staff_id ?? '')}</AsWritten>
              </td>
              <td>
                <AsWritten>{e.device_id ?? ''}</AsWritten>
              </td>
              <td>
                <AsWritten>{e.ref ?? ''}</AsWritten>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
