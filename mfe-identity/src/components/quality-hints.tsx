import { useT } from '@join/shared/react';
import { Alert } from '@join/shared/ui';
import type { QualityHint } from '../verification/image-quality';

/** What the captured photo may lack: hints, announced; the visitor may still use the photo. */
export function QualityHints({ hints }: { hints: readonly QualityHint[] }) {
  const t = useT();
  if (hints.length === 0) return null;
  return (
    <Alert tone="warning" title={t('identity.document.hints.title')}>
      <ul className="identity-hints">
        {hints.map((h) => (
          <li key={h}>{t(`identity.document.hint.${h}`)}</li>
        ))}
      </ul>
      <p>{t('identity.document.hints.still')}</p>
    </Alert>
  );
}
