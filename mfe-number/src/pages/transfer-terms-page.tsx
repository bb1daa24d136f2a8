import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { Controller } from 'react-hook-form';
import { consentField, formSchema, ROUTES } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, ConsentCheckbox, StepHeading } from '@join/shared/ui';
import { useZodForm } from '@join/shared/forms';
import { useNumberAction } from '../hooks/use-number-action';
import { reserveTransfer } from '../number-actions';
import { pendingTransferAtom } from '../transfer-atom';
import { go } from '../navigation';
import { TextWithNumber } from '../components/text-with-number';

const termsSchema = formSchema({ agreed: consentField() });

/**
 * /number/transfer-terms: the transfer terms, with the consent that must be ticked (SPEC 5);
 * then the transfer is reserved and the visitor is back on the number step.
 */
export function TransferTermsPage() {
  const t = useT();
  const [pending, setPending] = useAtom(pendingTransferAtom);
  const form = useZodForm(termsSchema, { agreed: false });
  const { busy, run } = useNumberAction<'transfer'>();

  useEffect(() => {
    // The check comes first; arriving without one (after a reload) asks it again. On arrival
    // only: once the transfer is reserved the pending check is cleared and /number is next.
    if (!pending) go(ROUTES.numberTransfer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- arrival only
  }, []);
  if (!pending) return null;

  const submit = form.handleSubmit(() =>
    run('transfer', async () => {
      await reserveTransfer(pending.externalNumber, pending.operator);
      setPending(null);
    }),
  );

  return (
    <section className="number-transfer-terms" aria-labelledby="step-heading" data-state="switchtous">
      <StepHeading>{t('transfer.termsTitle')}</StepHeading>
      <p>
        <TextWithNumber text={(n) => t('transfer.termsFor', { number: n, operator: pending.operatorName })} msisdn={`971${pending.externalNumber.slice(1)}`} />
      </p>
      <div className="card terms-text">
        <p>{t('transfer.terms1')}</p>
        <p>{t('transfer.terms2')}</p>
        <p>{t('transfer.terms3')}</p>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <Controller
            control={form.control}
            name="agreed"
            render={({ field, fieldState }) => (
              <ConsentCheckbox
                className="choice"
                inputRef={field.ref}
                checked={field.value}
                error={fieldState.error?.message ?? null}
                onChange={(ticked) => {
                  field.onChange(ticked);
                  // A tick is a complete value: checked at once, so the error goes (SPEC 4).
                  void form.trigger('agreed');
                }}
              >
                {t('transfer.agree')}
              </ConsentCheckbox>
            )}
          />
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
