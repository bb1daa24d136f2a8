import { Button, formatCountdown, formatMsisdn, useT, type PhoneNumber } from '@join/shared';
import { useCountdown } from '../hooks/use-countdown';

/** The held number with its hold countdown, and the ways on: continue, or release it. */
export function HeldNumber({
  number,
  busy,
  onContinue,
  onRelease,
  onDifferent,
  onExpired,
}: {
  number: PhoneNumber;
  busy: 'continue' | 'cancel' | null;
  onContinue: () => void;
  onRelease: () => void;
  onDifferent: () => void;
  onExpired: () => void;
}) {
  const t = useT();
  const seconds = useCountdown(number.ExpiryDate, onExpired);
  return (
    <div className="card number-held">
      <h2 className="number-held__label">{t('number.heldLabel')}</h2>
      <p className="number-display" dir="ltr">
        {formatMsisdn(number.InTransferTo ?? number.MSISDN)}
      </p>
      {seconds !== null ? (
        <p className="number-countdown">
          {t('number.held')}{' '}
          {/* role=timer is not live by default: the time is read when the user asks, not every second */}
          <span role="timer" aria-label={t('number.countdown', { time: formatCountdown(seconds) })}>
            {formatCountdown(seconds)}
          </span>
        </p>
      ) : null}
      <div className="number-actions">
        <Button onClick={onContinue} busy={busy === 'continue'} disabled={busy !== null}>
          {t('number.continue')}
        </Button>
        <Button variant="secondary" onClick={onRelease} busy={busy === 'cancel'} disabled={busy !== null}>
          {t('number.cancel')}
        </Button>
        <Button variant="link" onClick={onDifferent} disabled={busy !== null}>
          {t('number.different')}
        </Button>
      </div>
    </div>
  );
}
