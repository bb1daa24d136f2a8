import type { CameraFailure } from '../camera';
import { useT } from '@join/shared/react';
import { Alert, Button } from '@join/shared/ui';

/** Why the camera gave no picture, and what to do: try again (unless the browser has none) or upload. */
export function CameraFailureAlert({ reason, onRetry, onUpload }: { reason: CameraFailure; onRetry: () => void; onUpload: () => void }) {
  const t = useT();
  return (
    <Alert
      tone="error"
      title={t(`identity.camera.${reason}.title`)}
      actions={
        <>
          <Button onClick={onUpload}>{t('identity.document.upload')}</Button>
          {reason !== 'unsupported' ? (
            <Button variant="secondary" onClick={onRetry}>
              {t('identity.camera.tryAgain')}
            </Button>
          ) : null}
        </>
      }
    >
      <p>{t(`identity.camera.${reason}.text`)}</p>
    </Alert>
  );
}
