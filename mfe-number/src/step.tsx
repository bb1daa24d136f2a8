import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  Button,
  formatMsisdn,
  isApiError,
  LiveRegion,
  numberAtom,
  refreshFlowStatus,
  reportError,
  store,
  StepHeading,
  useT,
  type PhoneNumber,
  type StepComponentProps,
} from '@join/shared';
import { cancelNumber, continueWithNumber, offerRandomNumber, reserveNumber } from './number-actions';
import { HeldNumber } from './components/held-number';
import { NumberOffer } from './components/number-offer';
import './number.css';

type Busy = 'offer' | 'reserve' | 'cancel' | 'continue' | null;

/**
 * The number step (/number). Screen states of SPEC 2 covered here: loading, random (an
 * offer), stored (a held number, also after a reload). Search, VIP, transfer: issue 3.
 */
export default function NumberStep(_props: StepComponentProps) {
  const t = useT();
  const held = useAtomValue(numberAtom);
  const [offer, setOffer] = useState<PhoneNumber | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [empty, setEmpty] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const run = useCallback(async (kind: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } catch (err) {
      reportError(err, 'number');
      // Someone else took it (-2015) or it expired (-2010): offer another number.
      if (isApiError(err) && (err.code === -2015 || err.code === -2010)) {
        setOffer(await offerRandomNumber().catch(() => null));
      }
    } finally {
      setBusy(null);
    }
  }, []);

  const another = useCallback(
    () =>
      run('offer', async () => {
        const next = await offerRandomNumber();
        setOffer(next);
        setEmpty(next === null);
      }),
    [run],
  );

  useEffect(() => {
    if (!held && !offer) void another();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when nothing is held or offered
  }, [held]);

  const take = (n: PhoneNumber) =>
    run('reserve', async () => {
      const number = await reserveNumber(n.MSISDN);
      setOffer(null);
      setAnnouncement(t('number.reserved', { number: formatMsisdn(number.MSISDN) }));
    });

  const release = (n: PhoneNumber) =>
    run('cancel', async () => {
      await cancelNumber(n.MSISDN);
      setAnnouncement(t('number.released'));
      // No offer fetched here: with nothing held, the effect below offers one (only once).
    });

  const expired = () => {
    // The server frees an expired hold by itself; catch up and offer a new number.
    store.set(numberAtom, null);
    setAnnouncement(t('number.expired'));
    void refreshFlowStatus().catch(() => undefined);
  };

  return (
    <section className="number-step" aria-labelledby="step-heading" aria-busy={busy === 'offer' && !offer}>
      <StepHeading>{t('STEP_TITLE_NUMBER')}</StepHeading>
      {held ? (
        <>
          <HeldNumber
            number={held}
            busy={busy === 'continue' || busy === 'cancel' ? busy : null}
            onContinue={() => void run('continue', continueWithNumber)}
            onRelease={() => void release(held)}
            onDifferent={() => void another()}
            onExpired={expired}
          />
          {offer ? (
            // Taking this one cancels the held number first (SPEC 4).
            <NumberOffer
              offer={offer}
              busy={busy === 'offer' || busy === 'reserve' ? busy : null}
              onTake={() => void take(offer)}
              onAnother={() => void another()}
            />
          ) : null}
        </>
      ) : offer ? (
        <>
          <p>{t('number.intro')}</p>
          <NumberOffer
            offer={offer}
            busy={busy === 'offer' || busy === 'reserve' ? busy : null}
            onTake={() => void take(offer)}
            onAnother={() => void another()}
          />
        </>
      ) : empty ? (
        <div className="card" role="alert">
          <p>{t('number.none')}</p>
          <Button onClick={() => void another()}>{t('common.retry')}</Button>
        </div>
      ) : (
        <p role="status">{t('LOADING_MESSAGE_NUMBER')}</p>
      )}
      <LiveRegion message={announcement} />
    </section>
  );
}
