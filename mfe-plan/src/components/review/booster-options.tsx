import { useQuery } from '@tanstack/react-query';
import { formatAed, formatSubPlan } from '@join/shared';
import { useAmountText, useLanguage, useT } from '@join/shared/react';
import { PhoneNumberText } from '@join/shared/ui';
import { api } from '../../api/endpoints';
import { planKeys } from '../../api/query-keys';

const NUMBER_SLOT = '\u2063NUMBER\u2063';

/** Boosters for the held number, priced for this product (GET /boosters/{number}). */
export function BoosterOptions({
  msisdn,
  productCode,
  chosen,
  onToggle,
}: {
  msisdn: string;
  productCode: number;
  chosen: readonly number[];
  onToggle: (id: number, on: boolean) => void;
}) {
  const t = useT();
  const amount = useAmountText();
  const { language } = useLanguage();
  const boosters = useQuery({
    queryKey: planKeys.boosters(msisdn, productCode),
    queryFn: () => api.getBoosters(msisdn, { productCode }).then((r) => r.boosters),
    meta: { errorSource: 'plan' },
  });
  return (
    <fieldset className="plan-choice__group" aria-busy={boosters.isPending && boosters.isFetching}>
      <legend>
        {/* The number grouped for reading (PhoneNumberText) where the text's {{number}} is. */}
        {t('choice.boosters', { number: NUMBER_SLOT })
          .split(NUMBER_SLOT)
          .flatMap((part, i) => (i === 0 ? [part] : [<PhoneNumberText key={i} msisdn={msisdn} />, part]))}
      </legend>
      {boosters.data?.length === 0 ? <p className="muted">{t('choice.boostersNone')}</p> : null}
      {boosters.data?.map((b) => {
        const f = formatSubPlan(b);
        return (
          <label key={b.ID} className="plan-choice__option plan-choice__option--block">
            <input type="checkbox" checked={chosen.includes(b.ID)} onChange={(e) => onToggle(b.ID, e.target.checked)} />
            <span>
              <strong>{b.Name}</strong>{' '}
              <span className="muted">
                {amount(f)} · {t('choice.boosterDays', { count: b.Validity })} · +{formatAed(b.NetPrice, language)}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
