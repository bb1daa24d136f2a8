import { useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';

/** The closing row of a dialog or sheet that asks nothing: one secondary "Close" button. */
export function CloseActions({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <div className="modal__actions">
      <Button variant="secondary" onClick={onClose}>
        {t('common.close')}
      </Button>
    </div>
  );
}
