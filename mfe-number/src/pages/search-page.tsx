import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { digitsMask, formatMsisdn, isApiError, ROUTES, startParamsAtom, type PhoneNumber } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, LiveRegion, PhoneNumberText, StepHeading } from '@join/shared/ui';
import { NUMBER_SEARCH_PREFIX, SEARCH_PAGE_SIZE } from '@join/shared/numbers';
import { api } from '../api/endpoints';
import { TextField } from '@join/shared/forms';
import { numberKeys } from '../api/query-keys';
import { useNumberAction } from '../hooks/use-number-action';
import { reserveNumber } from '../number-actions';
import { ConnectionCheck } from '../components/connection-check';
import { TierBadge } from '../components/tier-badge';
import { VipConfirm } from '../components/vip-confirm';
import { isVip } from '../hold';
import { go } from '../navigation';
import { SEARCH_TIERS, filtersFromStartParams, levelsFor, type SearchFilters } from '../search-filters';
import { useSkipsConfirmation } from '../hooks/use-skips-confirmation';

const patternMask = digitsMask(7);

/** The search asked for: filters and page, and whether focus goes to the results when they come. */
type Asked = { filters: SearchFilters; page: number; moveFocus: boolean };

/**
 * /number/search: digits the number should contain or end with (058 fixed), a tier filter,
 * 10 results a page. The vip and search start parameters open it with the filter set. The
 * filters are a react-hook-form form; the results a query per filters and page (the previous
 * page stays on screen while the next one loads).
 */
export function SearchPage() {
  const t = useT();
  const params = useAtomValue(startParamsAtom);
  const [initial] = useState(() => filtersFromStartParams(params));
  const form = useForm<SearchFilters>({ defaultValues: initial });
  const [asked, setAsked] = useState<Asked>({ filters: initial, page: 1, moveFocus: false });
  const [vipCandidate, setVipCandidate] = useState<PhoneNumber | null>(null);
  const skipsConfirmation = useSkipsConfirmation();
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const results = useQuery({
    queryKey: numberKeys.search(asked.filters, asked.page),
    queryFn: async () => {
      const f = asked.filters;
      const r = await api.searchNumbers({ pattern: f.pattern, match: f.match, vanityLevelIds: levelsFor(f.tiers), page: asked.page, perPage: SEARCH_PAGE_SIZE });
      return { numbers: r.numbers, page: r.page, hasMore: r.has_more };
    },
    // Numbers come and go: a search asked again is asked of the server, not the cache.
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { errorSource: 'number' },
  });
  const current = results.isSuccess && !results.isPlaceholderData ? results.data : null;
  const shown = results.data ?? null;
  const loading = results.isFetching;

  useEffect(() => {
    if (current && asked.moveFocus) resultsHeading.current?.focus();
  }, [current, asked]);

  const search = (filters: SearchFilters, page: number) => setAsked({ filters, page, moveFocus: true });
  const submit = form.handleSubmit((filters) => search({ ...filters, tiers: [...filters.tiers] }, 1));

  const { refetch } = results;
  const onReserveFailed = useCallback(
    (err: unknown) => {
      setVipCandidate(null);
      // -2015: someone else took it; the list refreshes.
      if (isApiError(err) && err.code === -2015) void refetch();
    },
    [refetch],
  );
  const { busy: choosing, run } = useNumberAction<string>(onReserveFailed);
  const reserve = (n: PhoneNumber) =>
    run(n.MSISDN, async () => {
      await reserveNumber(n.MSISDN, { via: 'chosen' });
      setVipCandidate(null);
      // VIP numbers go on to their VIP plans; others to the confirmation unless the experiment skips it.
      go(isVip(n.VanityLevelId) || !skipsConfirmation ? ROUTES.numberConfirmation : ROUTES.number);
    });

  const choose = (n: PhoneNumber) => (isVip(n.VanityLevelId) ? setVipCandidate(n) : void reserve(n));
  const announcement = current ? (current.numbers.length ? t('search.resultsPage', { page: current.page }) : t('search.empty')) : '';

  return (
    <section className="number-search" aria-labelledby="step-heading">
      <StepHeading>{t('search.title')}</StepHeading>
      <form className="card search-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          form={form}
          name="pattern"
          label={t('search.pattern')}
          hint={t('search.patternHint', { prefix: NUMBER_SEARCH_PREFIX })}
          prefix={NUMBER_SEARCH_PREFIX}
          mask={patternMask}
          autoComplete="off"
        />
        <fieldset className="field">
          <legend>{t('search.matchLegend')}</legend>
          {(['contains', 'ends_with'] as const).map((m) => (
            <label key={m} className="choice">
              <input type="radio" value={m} {...form.register('match')} />
              {t(`search.match.${m}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="field">
          <legend>{t('search.tiers')}</legend>
          {SEARCH_TIERS.map((tier) => (
            <label key={tier} className="choice">
              <input type="checkbox" value={tier} {...form.register('tiers')} />
              {t(`tier.${tier}`)}
            </label>
          ))}
        </fieldset>
        <Button type="submit" busy={loading}>
          {t('search.submit')}
        </Button>
      </form>

      <h2 ref={resultsHeading} tabIndex={-1} className="results-heading">
        {t('search.results')}
      </h2>
      {shown && shown.numbers.length > 0 ? (
        <>
          <ul className="search-results">
            {shown.numbers.map((n) => (
              <li key={n.MSISDN} className="search-result">
                <span className="number-display number-display--small" dir="ltr">
                  <PhoneNumberText msisdn={n.MSISDN} />
                </span>
                <TierBadge vanityLevelId={n.VanityLevelId} />
                <Button onClick={() => choose(n)} busy={choosing === n.MSISDN} disabled={choosing !== null}>
                  {t('search.choose')}
                  <span className="visually-hidden"> {formatMsisdn(n.MSISDN)}</span>
                </Button>
              </li>
            ))}
          </ul>
          <nav className="pager" aria-label={t('search.pages')}>
            <Button variant="secondary" disabled={shown.page <= 1 || loading} onClick={() => search(asked.filters, shown.page - 1)}>
              {t('search.previous')}
            </Button>
            <span>{t('search.page', { page: shown.page })}</span>
            <Button variant="secondary" disabled={!shown.hasMore || loading} onClick={() => search(asked.filters, shown.page + 1)}>
              {t('search.next')}
            </Button>
          </nav>
        </>
      ) : shown ? (
        <div className="card search-empty">
          <p>{t('search.empty')}</p>
          <ul>
            <li>{t('search.emptyFewer')}</li>
            <li>{t('search.emptyContains')}</li>
            <li>{t('search.emptyTiers')}</li>
          </ul>
          <Button
            variant="secondary"
            onClick={() => {
              const cleared: SearchFilters = { pattern: '', match: 'contains', tiers: [...SEARCH_TIERS] };
              form.reset(cleared);
              search(cleared, 1);
            }}
          >
            {t('search.clear')}
          </Button>
        </div>
      ) : null}
      <Button variant="link" onClick={() => go(ROUTES.number)}>
        {t('search.back')}
      </Button>
      <VipConfirm
        number={vipCandidate}
        busy={choosing !== null}
        onConfirm={() => vipCandidate && void reserve(vipCandidate)}
        onCancel={() => setVipCandidate(null)}
      />
      <ConnectionCheck />
      <LiveRegion message={announcement} />
    </section>
  );
}
