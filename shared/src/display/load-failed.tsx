import { useT } from '@join/shared/react';
import { Alert, Button } from '@join/shared/ui';

/** A screen's data did not load: what happened and a retry (announced). `@join/shared/display`. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      tone="error"
      actions={
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      <p>{text}</p>
    </Alert>
  );
}
