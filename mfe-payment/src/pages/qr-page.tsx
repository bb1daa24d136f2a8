import { QrCode } from '@join/shared/qr';
import { ROUTES } from '@join/shared';
import { useFocusStepHeading, useT } from '@join/shared/react';
import { Button, Card, StepHeading } from '@join/shared/ui';
import { go } from '../navigation';

/** The address the code opens: this page's own /payment, wherever the product is served. */
export const paymentAddress = (): string => `${window.location.origin}${window.location.pathname}#${ROUTES.payment}`;


/**
 * /payment-qr: for a visitor on a shared or shop screen, a QR code that opens /payment on their
 * phone; there they log in with the same e-mail and carry on. The code has a text alternative
 * and the address is written out too. This page (with the QR library) is its own chunk.
 */
export function QrPage() {
  const t = useT();
  useFocusStepHeading('qr');
  const address = paymentAddress();
  return (
    <section className="payment payment-qr" aria-labelledby="step-heading">
      <StepHeading>{t('payment.qr.title')}</StepHeading>
      <p>{t('payment.qr.text')}</p>
      <Card className="payment-qr__card">
        <QrCode value={address} label={t('payment.qr.alt')} className="payment-qr__code" />
      </Card>
      <p className="muted">
        {t('payment.qr.address')}{' '}
        <bdi dir="ltr" className="payment-qr__address">
          {address}
        </bdi>
      </p>
      <div className="payment-actions">
        <Button variant="secondary" onClick={() => go(ROUTES.payment)}>
          {t('payment.qr.back')}
        </Button>
      </div>
    </section>
  );
}
