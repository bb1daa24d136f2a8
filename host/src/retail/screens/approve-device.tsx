import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { z } from 'zod';
import { useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';
import { useZodForm } from '@join/shared/forms';
import { RETAIL_ERROR_CODES, retailApi } from '@join/shared/retail';
import { errorCode, RetailAlert, TextWithData } from './retail-page';
import { CodeField, inPageLanguage } from './staff-pin-form';
import { useShopName } from './use-retail-device';

/** The pairing code as typed (spaces, a dash, lower case allowed): the contract's PairingCode with this page's message. */
const ApproveForm = z.object({
  user_code: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[BCDFGHJKLMNPQRSTVWXZ]{8}$/, inPageLanguage('retail.manager.codeInvalid'))),
});

type Outcome = { kind: 'done'; text: string } | { kind: 'refused'; text: string } | null;

/** The manager approves or denies the pairing code a device shows (POST /retail/device/approve). */
export function ApproveDevice() {
  const t = useT();
  const shopName = useShopName();
  // useLocation, not useSearchParams: the page shares a subset of the router (shared-modules/router.ts).
  const { search } = useLocation();
  const form = useZodForm(ApproveForm, { user_code: new URLSearchParams(search).get('user_code') ?? '' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const decide = (decision: 'approve' | 'deny') =>
    form.handleSubmit(async ({ user_code }) => {
      setBusy(true);
      setOutcome(null);
      try {
        const answer = await retailApi.approveDevice(user_code, decision);
        setOutcome({ kind: 'done', text: answer.decision === 'approve' ? t('retail.manager.approved', { shop: shopName(answer.shop) }) : t('retail.manager.denied') });
        form.reset({ user_code: '' });
      } catch (err) {
        setOutcome({ kind: 'refused', text: t(errorCode(err) === RETAIL_ERROR_CODES.pairingCodeInvalid ? 'retail.manager.codeUnknown' : 'retail.error.network') });
      } finally {
        setBusy(false);
      }
    });
  return (
    <section className="retail-card" aria-labelledby="retail-approve-title">
      <h2 id="retail-approve-title">{t('retail.manager.approveTitle')}</h2>
      {/* RFC 8628 section 5.4: a code in a link (verification_uri_complete) may be an attacker's device. */}
      <p>{t('retail.manager.approveWarning')}</p>
      <form className="retail-form" onSubmit={(e) => void decide('approve')(e)} noValidate>
        <p role="status">{outcome?.kind === 'done' ? outcome.text : ''}</p>
        {outcome?.kind === 'refused' ? <RetailAlert>{outcome.text}</RetailAlert> : null}
        <CodeField form={form} name="user_code" label={t('retail.manager.code')} hint={<TextWithData text="retail.manager.codeHint" name="example" data="BCDF-GHJK" />} autoComplete="off" />
        <div className="retail-actions">
          <Button type="submit" className="retail-button" busy={busy}>
            {t('retail.manager.approve')}
          </Button>
          <Button className="retail-button" variant="secondary" disabled={busy} onClick={(e) => void decide('deny')(e)}>
            {t('retail.manager.deny')}
          </Button>
        </div>
      </form>
    </section>
  );
}
