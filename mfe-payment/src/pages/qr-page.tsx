import { useMemo } from 'react';
import { encode } from 'uqr';
import { Button, Card, ROUTES, StepHeading, useFocusStepHeading, useT } from '@join/shared';
import { go } from '../navigation';

/** The address the code opens: this page's own /payment, wherever the product is served. */
export const paymentAddress = (): string => `${window.location.origin}${window.location.pathname}#${ROUTES.payment}`;

/** A QR code as SVG: one path of dark modules on a light square (uqr's matrix includes the quiet zone). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 });
    const d: string[] = [];
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d.push(`M${x} ${y}h1v1h-1z`);
      }),
    );
    return { size: qr.size, path: d.join('') };
  }, [value]);
  return (
    <svg className="payment-qr__code" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" xmlns="http://www.w3.org/2000/svg">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

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
        <QrCode value={address} label={t('payment.qr.alt')} />
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
