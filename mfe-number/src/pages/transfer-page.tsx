import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Button, reportError, ROUTES, StepHeading, useT, VALIDATION_MESSAGES } from '@join/shared';
import { type Operator } from '@join/shared/numbers';
import { api } from '../api';
import { useBusyRun } from '../hooks/use-busy-run';
import { pendingTransferAtom } from '../transfer-atom';
import { go } from '../navigation';

/** A UAE mobile number as the visitor types it: 05 and 8 digits (spaces allowed). */
export const UAE_MOBILE = /^05\d{8}$/;

/**
 * /number/transfer (switch to us): the current UAE number and its operator, then the
 * portability check. Errors -405, -440 and -434 come back as catalogue pop-ups.
 */
export function TransferPage() {
  const t = useT();
  const setPending = useSetAtom(pendingTransferAtom);
  const [operators, setOperators] = useState<Operator[]>([]);
  const [number, setNumber] = useState('');
  const [operator, setOperator] = useState('');
  const [errors, setErrors] = useState<{ number?: string; operator?: string }>({});
  const { busy, run } = useBusyRun<'check'>();
  const numberRef = useRef<HTMLInputElement>(null);
  const operatorRef = useRef<HTMLSelectElement>(null);

  const [attempt, setAttempt] = useState(0); // bumped by the error pop-up's Retry
  useEffect(() => {
    let withdraw: () => void = () => undefined;
    api.getOperators().then(
      (r) => setOperators(r.operators),
      (err: unknown) => {
        withdraw = reportError(err, { source: 'number', actions: { retry: () => setAttempt((a) => a + 1) } });
      },
    );
    return () => withdraw();
  }, [attempt]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const digits = number.replace(/[\s-]/g, '');
    const next = {
      ...(UAE_MOBILE.test(digits) ? {} : { number: digits ? VALIDATION_MESSAGES.phone : VALIDATION_MESSAGES.required }),
      ...(operator ? {} : { operator: VALIDATION_MESSAGES.required }),
    };
    setErrors(next);
    if (next.number) return numberRef.current?.focus();
    if (next.operator) return operatorRef.current?.focus();
    await run('check', async () => {
      await api.verifyPortability(digits, operator);
      setPending({ externalNumber: digits, operator, operatorName: operators.find((o) => o.code === operator)?.name ?? operator });
      go(ROUTES.numberTransferTerms);
    });
  };

  return (
    <section className="number-transfer" aria-labelledby="step-heading" data-state="switchtous">
      <StepHeading>{t('transfer.title')}</StepHeading>
      <p>{t('transfer.intro')}</p>
      <form className="card" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="transfer-number">{t('transfer.number')}</label>
          <input
            ref={numberRef}
            id="transfer-number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            dir="ltr"
            value={number}
            aria-invalid={Boolean(errors.number)}
            aria-describedby={errors.number ? 'transfer-number-error transfer-number-hint' : 'transfer-number-hint'}
            onChange={(e) => setNumber(e.target.value.replace(/[^\d\s-]/g, '').slice(0, 13))}
          />
          <p id="transfer-number-hint" className="muted">
            {t('transfer.numberHint')}
          </p>
          {errors.number ? (
            <p id="transfer-number-error" className="error-text" role="alert">
              {errors.number}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="transfer-operator">{t('transfer.operator')}</label>
          <select
            ref={operatorRef}
            id="transfer-operator"
            value={operator}
            aria-invalid={Boolean(errors.operator)}
            aria-describedby={errors.operator ? 'transfer-operator-error' : undefined}
            onChange={(e) => setOperator(e.target.value)}
          >
            <option value="">{t('transfer.operatorChoose')}</option>
            {operators.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name}
              </option>
            ))}
          </select>
          {errors.operator ? (
            <p id="transfer-operator-error" className="error-text" role="alert">
              {errors.operator}
            </p>
          ) : null}
        </div>
        <Button type="submit" busy={busy === 'check'}>
          {t('transfer.check')}
        </Button>
      </form>
      <Button variant="link" onClick={() => go(ROUTES.number)}>
        {t('search.back')}
      </Button>
    </section>
  );
}
