import { useState } from 'react';
import { QrCode } from '@join/shared/qr';
import { Copy } from 'lucide';
import { useT } from '@join/shared/react';
import { Button, Card } from '@join/shared/ui';
import type { Esim } from '@join/shared/delivery';


/**
 * The eSIM to install: its activation code as a QR code to scan, the same code as text (left to
 * right in Arabic too) with a copy button, and the install steps for iPhone and Android. Its own
 * chunk with the QR library.
 */
export function EsimView({ esim }: { esim: Esim }) {
  const t = useT();
  const [copy, setCopy] = useState<'idle' | 'done' | 'failed'>('idle');
  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(esim.activation_code);
      setCopy('done');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Card as="section" aria-labelledby="esim-heading" className="delivery-esim">
      <h2 id="esim-heading" className="delivery-subheading">
        {t('delivery.esim.scan')}
      </h2>
      <QrCode value={esim.activation_code} label={t('delivery.esim.qr')} className="delivery-qr" />
      <p>
        <span id="esim-code-label">{t('delivery.esim.code')}</span>
        {': '}
        <bdi dir="ltr" translate="no" className="delivery-esim__code" aria-describedby="esim-code-label">
          {esim.activation_code}
        </bdi>
      </p>
      <Button variant="secondary" icon={Copy} onClick={() => void copyCode()}>
        {t('delivery.esim.copy')}
      </Button>
      <p role="status" className={copy === 'failed' ? 'delivery-error' : 'muted'}>
        {copy === 'done' ? t('delivery.esim.copied') : copy === 'failed' ? t('delivery.esim.copyFailed') : ''}
      </p>
      <h3>{t('delivery.esim.iphone')}</h3>
      <p>{t('delivery.esim.iphone.steps')}</p>
      <h3>{t('delivery.esim.android')}</h3>
      <p>{t('delivery.esim.android.steps')}</p>
    </Card>
  );
}
