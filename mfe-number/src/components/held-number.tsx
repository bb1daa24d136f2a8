import type { ReactNode } from 'react';
import { formatCountdown, type PhoneNumber } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, PhoneNumberText } from '@join/shared/ui';
import { useCountdown } from '../hooks/use-countdown';
import { isTransfer, warningThresholdSeconds } from '../hold';
import { TextWithNumber } from './text-with-number';
import { TierBadge } from './tier-badge';

/**
 * The held number with its hold countdown. Before the hold ends a warning offers to keep it
 * longer (WCAG 2.2.1); the screen state is then "warning" instead of "stored".
 */
export function HeldNumber({
  number,
  onExpired,
  onExtend,
  extending,
  children,
}: {
  number: PhoneNumber;
  onExpired: () => void;
  onExtend: () => void;
  extending: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const seconds = useCountdown(number.ExpiryDate, onExpired);
  const warning = seconds !== null && seconds > 0 && seconds <= warningThresholdSeconds(number);
  const transfer = isTransfer(number);
  return (
    <div className={`card number-held${warning ? ' number-held--warning' : ''}`} data-state={warning ? 'warning' : 'stored'}>
      <h2 className="number-held__label">{transfer ? t('number.transferLabel') : t('number.heldLabel')}</h2>
      <p className="number-display" dir="ltr">
        <PhoneNumberText msisdn={number.InTransferTo ?? number.MSISDN} />
      </p>
      <TierBadge vanityLevelId={number.VanityLevelId} />
      {transfer ? (
        <p className="muted">
          <TextWithNumber text={(n) => t('number.transferOf', { number: n })} msisdn={number.MSISDN} />
        </p>
      ) : null}
      {seconds !== null ? (
        <p className="number-countdown">
          {t('number.held')}{' '}
          {/* role=timer is not live: the time is read when asked, not announced every second */}
          <span role="timer" aria-label={t('number.countdown', { time: formatCountdown(seconds) })}>
            {formatCountdown(seconds)}
          </span>
        </p>
      ) : null}
      {warning ? (
        <div className="hold-warning" role="alert">
          <p>{t('number.warning', { time: formatCountdown(seconds) })}</p>
          <Button onClick={onExtend} busy={extending}>
            {t('number.extend')}
          </Button>
        </div>
      ) : null}
      {children ? <div className="number-actions">{children}</div> : null}
    </div>
  );
}
