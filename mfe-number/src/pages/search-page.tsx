import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Button, FEATURE_FLAGS, formatMsisdn, isApiError, LiveRegion, NUMBER_SEARCH_PREFIX, reportError, ROUTES, SEARCH_PAGE_SIZE, startParamsAtom, StepHeading, useT, type PhoneNumber } from '@join/shared';
import { api } from '../api';
import { reserveNumber } from '../number-actions';
import { TierBadge } from '../components/tier-badge';
import { VipConfirm } from '../components/vip-confirm';
import { isVip } from '../hold';
import { go } from '../navigation';
import { SEARCH_TIERS, filtersFromStartParams, levelsFor, type SearchFilters, type SearchTier } from '../search-filters';

type Results = { numbers: PhoneNumber[]; page: number; hasMore: boolean };

/**
 * /number/search: digits the number should contain or end with (058 fixed), a tier filter,
 * 10 results a page. The vip and search start parameters open it with the filter set.
 */
export function SearchPage() {
  const t = useT();
  const params = useAtomValue(startParamsAtom);
  const [filters, setFilters] = useState<SearchFilters>(() => filtersFromStartParams(params));
  const [results, setResults] = useState<Results | null>(null);
  const [loading, setLoading] = useState(false);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [vipCandidate, setVipCandidate] = useState<PhoneNumber | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const search = useCallback(
    async (f: SearchFilters, page: number, moveFocus: boolean) => {
      setLoading(true);
      try {
        const r = await api.searchNumbers({ pattern: f.pattern, match: f.match, vanityLevelIds: levelsFor(f.tiers), page, perPage: SEARCH_PAGE_SIZE });
        setResults({ numbers: r.numbers, page: r.page, hasMore: r.has_more });
        setAnnouncement(r.numbers.length ? t('search.resultsPage', { page: r.page }) : t('search.empty'));
        if (moveFocus) resultsHeading.current?.focus();
      } catch (err) {
        reportError(err, { source: 'number', actions: { retry: () => search(f, page, moveFocus) } });
      } finally {
        setLoading(false);
      }
    },
    [t],
  );

  useEffect(() => {
    void search(filters, 1, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first page on arrival only
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search(filters, 1, true);
  };

  const reserve = async (n: PhoneNumber) => {
    setChoosing(n.MSISDN);
    try {
      await reserveNumber(n.MSISDN, { via: 'chosen' });
      setVipCandidate(null);
      // VIP numbers go on to their VIP plans; others to the confirmation unless the experiment skips it.
      go(isVip(n.VanityLevelId) || !FEATURE_FLAGS.skipNumberConfirmation ? ROUTES.numberConfirmation : ROUTES.number);
    } catch (err) {
      setVipCandidate(null);
      reportError(err, { source: 'number', actions: { retry: () => reserve(n) } });
      // -2015: someone else took it; the list refreshes.
      if (isApiError(err) && err.code === -2015 && results) void search(filters, results.page, false);
    } finally {
      setChoosing(null);
    }
  };

  const choose = (n: PhoneNumber) => (isVip(n.VanityLevelId) ? setVipCandidate(n) : void reserve(n));
  const toggleTier = (tier: SearchTier) =>
    setFilters((f) => ({ ...f, tiers: f.tiers.includes(tier) ? f.tiers.filter((x) => x !== tier) : [...f.tiers, tier] }));

  return (
    <section className="number-search" aria-labelledby="step-heading">
      <StepHeading>{t('search.title')}</StepHeading>
      <form className="card search-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="search-pattern">{t('search.pattern')}</label>
          <div className="prefixed" dir="ltr">
            <span aria-hidden="true">{NUMBER_SEARCH_PREFIX}</span>
            <input
              id="search-pattern"
              inputMode="numeric"
              autoComplete="off"
              maxLength={7}
              value={filters.pattern}
              aria-describedby="search-pattern-hint"
              onChange={(e) => setFilters((f) => ({ ...f, pattern: e.target.value.replace(/\D/g, '').slice(0, 7) }))}
            />
          </div>
          <p id="search-pattern-hint" className="muted">
            {t('search.patternHint', { prefix: NUMBER_SEARCH_PREFIX })}
          </p>
        </div>
        <fieldset className="field">
          <legend>{t('search.matchLegend')}</legend>
          {(['contains', 'ends_with'] as const).map((m) => (
            <label key={m} className="choice">
              <input type="radio" name="match" value={m} checked={filters.match === m} onChange={() => setFilters((f) => ({ ...f, match: m }))} />
              {t(`search.match.${m}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="field">
          <legend>{t('search.tiers')}</legend>
          {SEARCH_TIERS.map((tier) => (
            <label key={tier} className="choice">
              <input type="checkbox" checked={filters.tiers.includes(tier)} onChange={() => toggleTier(tier)} />
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
      {results && results.numbers.length > 0 ? (
        <>
          <ul className="search-results">
            {results.numbers.map((n) => (
              <li key={n.MSISDN} className="search-result">
                <span className="number-display number-display--small" dir="ltr">
                  {formatMsisdn(n.MSISDN)}
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
            <Button variant="secondary" disabled={results.page <= 1 || loading} onClick={() => void search(filters, results.page - 1, true)}>
              {t('search.previous')}
            </Button>
            <span>{t('search.page', { page: results.page })}</span>
            <Button variant="secondary" disabled={!results.hasMore || loading} onClick={() => void search(filters, results.page + 1, true)}>
              {t('search.next')}
            </Button>
          </nav>
        </>
      ) : results ? (
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
              setFilters(cleared);
              void search(cleared, 1, true);
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
      <LiveRegion message={announcement} />
    </section>
  );
}
