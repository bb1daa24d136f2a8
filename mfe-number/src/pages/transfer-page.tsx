import { useSetAtom } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, StepHeading } from '@join/shared/ui';
import { api } from '../api/endpoints';
import { SelectField, TextField, useZodForm } from '@join/shared/forms';
import { numberKeys } from '../api/query-keys';
import { useNumberAction } from '../hooks/use-number-action';
import { pendingTransferAtom } from '../transfer-atom';
import { mobileDigits, transferFormSchema, uaeMobileMask } from '../transfer-form';
import { go } from '../navigation';

/**
 * /number/transfer (switch to us): the current UAE number and its operator, then the
 * portability check. The number is checked once it has its 10 digits, and focus moves on to
 * the operator (SPEC 4). Errors -405, -440 and -434 come back as catalogue pop-ups.
 */
export function TransferPage() {
  const t = useT();
  const setPending = useSetAtom(pendingTransferAtom);
  // The operators change with a release, not within a visit: asked once per page load.
  const operators = useQuery({
    queryKey: numberKeys.operators(),
    queryFn: () => api.getOperators().then((r) => r.operators),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorSource: 'number' },
  });
  const form = useZodForm(transferFormSchema, { number: '', operator: '' });
  // The pop-ups of -405 and -434 offer "reset transfer": start the form again, focus on the number.
  const { busy, run } = useNumberAction<'check'>(undefined, {
    reset_transfer: () => {
      form.reset({ number: '', operator: '' });
      // After the pop-up has closed and handed focus back: then to the first field.
      setTimeout(() => document.querySelector<HTMLInputElement>('.number-transfer input[name="number"]')?.focus(), 0);
    },
  });

  const submit = form.handleSubmit(({ number, operator }) =>
    run('check', async () => {
      const digits = mobileDigits(number);
      await api.verifyPortability(digits, operator);
      const operatorName = operators.data?.find((o) => o.code === operator)?.name ?? operator;
      setPending({ externalNumber: digits, operator, operatorName });
      go(ROUTES.numberTransferTerms);
    }),
  );

  return (
    <section className="number-transfer" aria-labelledby="step-heading" data-state="switchtous">
      <StepHeading>{t('transfer.title')}</StepHeading>
      <p>{t('transfer.intro')}</p>
      <form className="card" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          form={form}
          name="number"
          type="tel"
          autoComplete="tel-national"
          label={t('transfer.number')}
          hint={t('transfer.numberHint')}
          mask={uaeMobileMask}
          advanceWhenComplete
        />
        <SelectField form={form} name="operator" label={t('transfer.operator')}>
          <option value="">{t('transfer.operatorChoose')}</option>
          {operators.data?.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </SelectField>
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
