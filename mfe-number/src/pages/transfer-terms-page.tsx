import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { Button, ConsentCheckbox, formatMsisdn, ROUTES, StepHeading, useT, validateConsent, VALIDATION_MESSAGES } from '@join/shared';
import { useBusyRun } from '../hooks/use-busy-run';
import { reserveTransfer } from '../number-actions';
import { pendingTransferAtom } from '../transfer-atom';
import { go } from '../navigation';

/**
 * /number/transfer-terms: the transfer terms, with the consent that must be ticked (SPEC 5);
 * then the transfer is reserved and the visitor is back on the number step.
 */
export function TransferTermsPage() {
  const t = useT();
  const [pending, setPending] = useAtom(pendingTransferAtom);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusyRun<'transfer'>();
  const box = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The check comes first; arriving without one (after a reload) asks it again. On arrival
    // only: once the transfer is reserved the pending check is cleared and /number is next.
    if (!pending) go(ROUTES.numberTransfer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- arrival only
  }, []);
  if (!pending) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!validateConsent(agreed).valid) {
      setError(VALIDATION_MESSAGES.required);
      box.current?.focus();
      return;
    }
    await run('transfer', async () => {
      await reserveTransfer(pending.externalNumber, pending.operator);
      setPending(null);
    });
  };

  return (
    <section className="number-transfer-terms" aria-labelledby="step-heading" data-state="switchtous">
      <StepHeading>{t('transfer.termsTitle')}</StepHeading>
      <p>
        {t('transfer.termsFor', { number: formatMsisdn(`971${pending.externalNumber.slice(1)}`), operator: pending.operatorName })}
      </p>
      <div className="card terms-text">
        <p>{t('transfer.terms1')}</p>
        <p>{t('transfer.terms2')}</p>
        <p>{t('transfer.terms3')}</p>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <ConsentCheckbox
            className="choice"
            inputRef={box}
            checked={agreed}
            error={error}
            onChange={(ticked) => {
              setAgreed(ticked);
              if (ticked) setError(null);
            }}
          >
            {t('transfer.agree')}
          </ConsentCheckbox>
        </div>
        <div className="number-actions">
          <Button type="submit" busy={busy === 'transfer'}>
            {t('transfer.submit')}
          </Button>
          <Button variant="secondary" onClick={() => go(ROUTES.numberTransfer)} disabled={busy !== null}>
            {t('transfer.back')}
          </Button>
        </div>
      </form>
    </section>
  );
}
