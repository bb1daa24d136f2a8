import '@join/shared/measurement-texts';
import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { i18n, isApiError } from '@join/shared';
import { focusStepHeading, useLanguage, useT } from '@join/shared/react';
import { Alert, Button, StepHeading } from '@join/shared/ui';
import { TextField, useZodForm } from '@join/shared/forms';
import { measurementApi, type OpsSummary, type OpsSummaryQuery } from '@join/shared/measurement';
import { LanguageSwitch } from '../shell/language-switch';
import { clearOpsToken, readOpsToken, writeOpsToken } from './ops-token';
import { lastDays, RangeForm, utcDay } from './ops-range';
import { ErrorsFigure, FunnelFigure, VitalsFigure } from './ops-figures';
import './ops.css';

/** Why the figures cannot be had: the credential refused, the page not configured on the server, or anything else. */
export type OpsFailure = 'credential' | 'off' | 'network';

/** 401/403: a wrong credential. 404 or 503: the server has no operator credential configured (or no such endpoint). */
export function opsFailure(err: unknown): OpsFailure {
  const status = isApiError(err) ? err.status : null;
  if (status === 401 || status === 403) return 'credential';
  if (status === 404 || status === 503) return 'off';
  return 'network';
}

export const OPS_QUERY_KEY = ['ops', 'summary'] as const;

/**
 * The operations page (issue 28, host route /ops, a chunk of its own with the chart library):
 * an operator signs in with the server's operator credential (JOIN_OPS_TOKEN, kept in this tab's
 * sessionStorage only), picks a day range (the last 7 days at first) and sees the funnel, the p75
 * of LCP, INP and CLS per step and the error pop-ups per code, each chart with its table. Outside
 * the purchase flow: no header, stepper, footer nor consent panel (operators are not visitors),
 * never on a shop device (routing/ops-route.tsx).
 */
export default function OpsPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(readOpsToken);
  const [refusal, setRefusal] = useState<Exclude<OpsFailure, 'network'> | null>(null);
  useEffect(() => {
    document.title = `${t('ops.title')} | ${t('app.title')}`;
  }, [t]);
  useEffect(() => focusStepHeading(), []);

  const signIn = (next: string) => {
    writeOpsToken(next);
    setRefusal(null);
    setToken(next);
  };
  const signOut = (why: Exclude<OpsFailure, 'network'> | null) => {
    clearOpsToken();
    queryClient.removeQueries({ queryKey: OPS_QUERY_KEY });
    setToken(null);
    setRefusal(why);
    if (!why) focusStepHeading();
  };

  return (
    <main id="main" className="ops" tabIndex={-1}>
      <div className="ops-bar">
        <LanguageSwitch />
        {token ? (
          <button type="button" className="btn btn--secondary" onClick={() => signOut(null)}>
            {t('ops.signOut')}
          </button>
        ) : null}
      </div>
      <StepHeading>{t('ops.title')}</StepHeading>
      <p className="ops-intro">{t('ops.intro')}</p>
      {token ? <Dashboard token={token} onRefused={signOut} /> : <TokenForm refusal={refusal} onSignIn={signIn} />}
    </main>
  );
}

const TokenSchema = z.object({ token: z.string().trim().min(1, { error: () => i18n.t('ops.token.required') }) });

/** The operator credential: a labelled field; a refusal of the server's is announced above it. */
function TokenForm({ refusal, onSignIn }: { refusal: 'credential' | 'off' | null; onSignIn: (token: string) => void }) {
  const t = useT();
  const form = useZodForm(TokenSchema, { token: '' });
  const submit = form.handleSubmit(({ token }) => onSignIn(token));
  return (
    <form className="ops-card ops-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('ops.token.legend')}>
      {refusal === 'credential' ? <Alert tone="error">{t('ops.error.credential')}</Alert> : null}
      {refusal === 'off' ? <Alert tone="warning">{t('ops.error.off')}</Alert> : null}
      <TextField form={form} name="token" type="password" label={t('ops.token.label')} hint={t('ops.token.hint')} autoComplete="off" spellCheck={false} dir="ltr" />
      <Button type="submit">{t('ops.token.submit')}</Button>
    </form>
  );
}

/** A UTC day in the page's language. */
function useDayFormat(): (day: string) => string {
  const { language } = useLanguage();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(language === 'ar' ? 'ar-AE' : 'en-AE', { dateStyle: 'medium', timeZone: 'UTC', numberingSystem: 'latn' });
    return (day: string) => f.format(new Date(`${day}T00:00:00Z`));
  }, [language]);
}

const isEmpty = (s: OpsSummary) => s.funnel.every((r) => r.visitors === 0) && s.vitals.length === 0 && s.errors.length === 0;

/** The day range and the three charts for it. A refused credential or an unconfigured server signs out with the reason. */
function Dashboard({ token, onRefused }: { token: string; onRefused: (why: 'credential' | 'off') => void }) {
  const t = useT();
  const day = useDayFormat();
  const [range, setRange] = useState<OpsSummaryQuery>(() => lastDays());
  const summary = useQuery({
    queryKey: [...OPS_QUERY_KEY, range.from, range.to],
    queryFn: () => measurementApi.getOpsSummary(token, range),
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const failure = summary.isError ? opsFailure(summary.error) : null;
  useEffect(() => {
    if (failure === 'credential' || failure === 'off') onRefused(failure);
  }, [failure, onRefused]);

  const data = summary.data;
  const status = summary.isFetching ? t('ops.loading') : data ? t(isEmpty(data) ? 'ops.empty' : 'ops.range.shown', { from: day(data.from), to: day(data.to) }) : '';
  return (
    <>
      <RangeFields
        range={range}
        busy={summary.isFetching}
        onShow={(next) => {
          // The same range again asks the server again: the operator wants what happened since.
          if (next.from === range.from && next.to === range.to) void summary.refetch();
          else setRange(next);
        }}
      />
      <p className="ops-status" role="status">
        {status}
      </p>
      {failure === 'network' ? (
        <Alert
          tone="error"
          actions={
            <Button variant="secondary" onClick={() => void summary.refetch()}>
              {t('ops.retry')}
            </Button>
          }
        >
          {t('ops.error.network')}
        </Alert>
      ) : null}
      {data && !isEmpty(data) ? (
        <div className="ops-grid" aria-busy={summary.isFetching}>
          <FunnelFigure funnel={data.funnel} />
          <VitalsFigure vitals={data.vitals} />
          <ErrorsFigure errors={data.errors} />
        </div>
      ) : null}
    </>
  );
}

/** The day range (UTC days, both included): at most OPS_MAX_RANGE_DAYS, the end not before the start. */
function RangeFields({ range, busy, onShow }: { range: OpsSummaryQuery; busy: boolean; onShow: (r: OpsSummaryQuery) => void }) {
  const t = useT();
  const form = useZodForm(RangeForm, range);
  const submit = form.handleSubmit((r) => onShow(r));
  const today = utcDay(new Date());
  return (
    <form className="ops-card ops-range" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset>
        <legend>{t('ops.range.legend')}</legend>
        <div className="ops-range__fields">
          <TextField form={form} name="from" type="date" label={t('ops.range.from')} max={today} dir="ltr" />
          <TextField form={form} name="to" type="date" label={t('ops.range.to')} max={today} dir="ltr" />
          <Button type="submit" busy={busy}>
            {t('ops.range.show')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
