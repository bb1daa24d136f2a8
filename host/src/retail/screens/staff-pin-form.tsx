import { useState } from 'react';
import { z } from 'zod';
import { i18n } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';
import { TextField, useZodForm, type TextFieldProps } from '@join/shared/forms';
import { RETAIL_ERROR_CODES } from '@join/shared/retail';
import { errorCode, RetailAlert, TextWithData } from './retail-page';

/** An id or a code typed from a badge or a screen: capitals, no spell check, left to right in Arabic too. */
export const CODE_INPUT = { autoCapitalize: 'characters', spellCheck: false, dir: 'ltr' } as const;

/** A text field for an id or a code (CODE_INPUT). */
export function CodeField<T extends Record<string, unknown>, Out extends Record<string, unknown> = T>(props: TextFieldProps<T, Out>) {
  return <TextField {...CODE_INPUT} {...props} />;
}

/** A message in the page's language when the check runs. */
export const inPageLanguage = (key: string) => ({ error: () => i18n.t(key) });

/** The staff id and PIN as typed: the contract's rules (StaffId, StaffPin) with this page's messages. */
const StaffPinForm = z.object({
  staff_id: z.string().trim().toUpperCase().regex(/^[A-Z]\d{4,6}$/, inPageLanguage('retail.signIn.staffIdInvalid')),
  pin: z.string().regex(/^\d{6}$/, inPageLanguage('retail.signIn.pinInvalid')),
});

/** What the server's refusal of a staff or manager sign-in says to the person (one message for a wrong id or PIN). */
export function signInRefusal(err: unknown, t: (key: string, params?: Record<string, string | number>) => string): string {
  const code = errorCode(err);
  if (code === RETAIL_ERROR_CODES.signInFailed) return t('retail.signIn.failed');
  if (code === RETAIL_ERROR_CODES.notManager) return t('retail.manager.notManager');
  if (code === RETAIL_ERROR_CODES.staffLocked) {
    const seconds = (err as { details?: Record<string, number> }).details?.retry_after_s;
    return seconds ? t('retail.signIn.locked', { count: Math.max(1, Math.ceil(seconds / 60)) }) : t('retail.signIn.lockedLater');
  }
  return t('retail.error.network');
}

/**
 * Staff id + 6-digit PIN (the staff sign-in on a shop device, and the manager's). A refusal is
 * announced above the fields and the PIN is cleared; the same message for a wrong id or PIN.
 */
export function StaffPinFields({ onSignIn }: { onSignIn: (staffId: string, pin: string) => Promise<unknown> }) {
  const t = useT();
  const form = useZodForm(StaffPinForm, { staff_id: '', pin: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async ({ staff_id, pin }) => {
    setBusy(true);
    setRefusal(null);
    try {
      await onSignIn(staff_id, pin);
    } catch (err) {
      setRefusal(signInRefusal(err, t));
      form.setValue('pin', '');
    } finally {
      setBusy(false);
    }
  });
  return (
    <form className="retail-form" onSubmit={(e) => void submit(e)} noValidate>
      {refusal ? <RetailAlert>{refusal}</RetailAlert> : null}
      <CodeField form={form} name="staff_id" label={t('retail.signIn.staffId')} hint={<TextWithData text="retail.signIn.staffIdHint" name="example" data="S1001" />} autoComplete="username" />
      <TextField
        form={form}
        name="pin"
        type="password"
        inputMode="numeric"
        maxLength={6}
        label={t('retail.signIn.pin')}
        hint={t('retail.signIn.pinHint')}
        autoComplete="current-password"
        dir="ltr"
      />
      <Button type="submit" busy={busy}>
        {t('retail.signIn.submit')}
      </Button>
    </form>
  );
}
