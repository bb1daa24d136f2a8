import { useT } from '@join/shared/react';
import { Button, LiveRegion, Modal } from '@join/shared/ui';

/** m:ss (the same digits in both languages: the page's numerals are Latin). */
export function formatRemaining(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The idle pop-up (DESIGN "Retail": calm and large, says what will be erased, "I'm still here"
 * first). The time left is drawn every second, but a screen reader hears it only at each check
 * (every 30 s: 2:00, 1:30, 1:00, 0:30), so the announcements do not flood the staff member's or the
 * customer's reader; the drawn timer (role="timer") is not live. An alertdialog: Escape answers
 * "I'm still here" (someone pressed a key: they are there).
 */
export function IdlePrompt({
  open,
  remainingMs,
  checkEveryMs,
  onContinue,
  onEnd,
}: {
  open: boolean;
  remainingMs: number;
  checkEveryMs: number;
  onContinue: () => void;
  onEnd: () => void;
}) {
  const t = useT();
  const checkpoint = Math.ceil(remainingMs / checkEveryMs) * checkEveryMs;
  return (
    <Modal open={open} onClose={onContinue} title={t('retail.idle.title')} labelId="retail-idle-title" role="alertdialog" describedBy="retail-idle-text">
      <div className="retail-idle">
        <p id="retail-idle-text">{t('retail.idle.text')}</p>
        <p className="retail-idle__time" role="timer" aria-live="off">
          {t('retail.idle.remaining', { time: formatRemaining(remainingMs) })}
        </p>
        <LiveRegion message={open ? t('retail.idle.announce', { time: formatRemaining(checkpoint) }) : ''} />
        <div className="modal__actions retail-actions">
          <Button onClick={onContinue}>{t('retail.idle.continue')}</Button>
          <Button variant="secondary" onClick={onEnd}>
            {t('retail.idle.end')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
